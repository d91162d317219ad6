/** Marks put on an item -- a reaction, an emoji, a star, a pin -- add no one to it (round 15): `slack_reactions_add
 * {channel, timestamp, name}` reads as "add" + an existing item + a channel, but the only thing added is a mark the
 * item's readers already see. Sources: Slack API `reactions.add`; Discord API "Create Reaction". */

const MARK = /^(?:reactions?|react|emojis?|emoticons?|stars?|pins?|bookmarks?|upvotes?|likes?)$/;
/** Words that do bring people in, whatever else the name says. */
const PEOPLE =
  /^(?:members?|users?|participants?|attendees?|guests?|people|collaborators?|viewers?|editors?)$/;

/** Whether a tool's words name only a mark on an item, not people joining it. */
export function marksOnly(words: readonly string[]): boolean {
  return words.some((word) => MARK.test(word)) && !words.some((word) => PEOPLE.test(word));
}
