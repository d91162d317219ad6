/** Recipients found by their shape anywhere in a message's or an event's payload, not by field name: an address (or
 * a list of them) as a whole value under any key and at any depth (`optional_attendees`, `people: [{email}]`,
 * `conferenceData.notify`, `recipients: {list: [{address}]}`, `"{{manager}},x@y.com"`). Our own tools'
 * payloads were read by key only, so an address under another key reached nobody's judgement. The sender's own
 * fields and lookups are not recipients; reply addresses are judged as reply routes (reply_routes.ts). */

const ADDRESS = /^[^\s@<>,;"']+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
/** Keys whose addresses are the sender, the account or a search, not someone the action reaches. */
const NOT_RECIPIENT =
  /^(?:from|from_?(?:email|address)|reply_?to|reply-to|replyto|reply_?to_?address(?:es)?|sender(?:_?(?:email|address))?|organi[sz]er|author|owner|account|user_?email|my_?email|self|query|q|search|filter|criteria|match)$/i;
const MAX_DEPTH = 5;
const MAX_FOUND = 32;
const MAX_VISITS = 256;

/** Addresses in one value: the whole string, or each part of a comma/semicolon list that is one. */
function addressesIn(value: string): string[] {
  if (value.length > 2048 || !value.includes("@")) return [];
  // `Dana <dana@x.com>` and `<dana@x.com>` are the address in brackets.
  const bare = (part: string) => part.trim().replace(/^[^<>]*<([^<>]+)>$/, "$1").replace(/^mailto:/i, "");
  const text = bare(value);
  if (ADDRESS.test(text)) return [text];
  if (!/[,;]/.test(value)) return [];
  return value.split(/[,;]/).map(bare).filter((part) => ADDRESS.test(part));
}

export function shapedRecipients(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  let visits = 0;
  const visit = (key: string, value: unknown, depth: number) => {
    if (depth > MAX_DEPTH || found.length >= MAX_FOUND || visits++ > MAX_VISITS) return;
    if (NOT_RECIPIENT.test(key)) return;
    if (typeof value === "string") found.push(...addressesIn(value));
    else if (Array.isArray(value)) {
      for (const item of value.slice(0, 32)) visit(key, item, depth + 1);
    } else if (value && typeof value === "object") {
      for (const [inner, innerValue] of Object.entries(value).slice(0, 32)) {
        visit(inner, innerValue, depth + 1);
      }
    }
  };
  for (const [key, value] of Object.entries(payload).slice(0, 64)) visit(key, value, 0);
  return found;
}
