/** Word-level paraphrases of carried text for the text metamorphic test: synonym groups of general English (the
 * kind a thesaurus lists for each word; not taken from Shield's rules or cases), respelled case-preserving. */

/** Synonym groups. Members marked `=` are only renamed to (as sources they mean other things: "email" the noun,
 * "post" the noun, "key" of a map). Multi-word members are matched as phrases. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["ignore", "disregard", "forget", "set aside", "pay no attention to", "=skip"],
  ["previous", "prior", "earlier", "preceding", "=above", "=foregoing"],
  ["instructions", "directions", "guidance", "rules", "orders", "=directives"],
  ["instruction", "direction", "rule", "=order", "=directive"],
  ["send", "forward", "transmit", "=email", "=share", "=upload", "=post"],
  ["password", "passphrase", "=login details", "=secret", "=credentials"],
  ["passwords", "passphrases", "=login details", "=secrets", "=credentials"],
  ["credentials", "login details", "=secrets", "=access details"],
  ["api key", "access token", "=key", "=api token"],
  ["api keys", "access tokens", "=keys", "=api tokens"],
  ["private key", "secret key", "=signing key"],
  ["reveal", "disclose", "expose", "=show", "=print"],
  ["delete", "remove", "erase", "=wipe"],
  ["execute", "run", "=carry out", "=perform"],
  ["immediately", "right away", "at once", "=without delay"],
  ["secretly", "quietly", "silently", "discreetly", "covertly"],
  ["tell", "inform", "=notify", "=let know"],
  ["mention", "bring up", "=refer to"],
  ["user", "=human", "=operator", "=person you work for"],
  ["confidential", "sensitive", "private"],
  ["contents", "content", "=text"],
  ["documents", "files", "=records"],
  ["copy", "duplicate", "=replicate"],
  ["collect", "gather", "=compile", "=assemble"],
  ["include", "attach", "=add", "=append"],
  ["system prompt", "system message", "=initial prompt", "=hidden instructions"],
  ["always", "in every case", "=without exception"],
  ["never", "at no point", "=under no circumstances"],
];

interface Member {
  word: string;
  sourceOnly: boolean;
}

const GROUPS: Member[][] = SYNONYM_GROUPS.map((group) =>
  group.map((member) => ({ word: member.replace(/^=/, ""), sourceOnly: !member.startsWith("=") }))
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");

/** Every source phrase, longest first, in one regex. */
const SOURCES = GROUPS.flatMap((group) => group.filter((member) => member.sourceOnly).map((m) => m.word))
  .sort((a, b) => b.length - a.length);
const SOURCE_PATTERN = new RegExp(`\\b(?:${SOURCES.map(escape).join("|")})\\b`, "gi");

/** The member `step` places on in the group of `phrase` (cycling, sources and targets alike). */
function synonym(phrase: string, step: number): string | undefined {
  const lower = phrase.toLowerCase().replace(/\s+/g, " ");
  const group = GROUPS.find((members) => members.some((m) => m.sourceOnly && m.word === lower));
  if (!group) return undefined;
  const index = group.findIndex((member) => member.word === lower);
  return group[(index + step) % group.length].word;
}

/** Keeps the case shape of `original` (all capitals, a capital first letter). */
export function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && /[A-Z]/.test(original)) {
    return replacement.toUpperCase();
  }
  if (/^[A-Z][a-z]/.test(original)) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Replaces every source phrase by its synonym `step` places on. */
export function synonyms(text: string, step: number): string {
  return text.replace(SOURCE_PATTERN, (found) => matchCase(found, synonym(found, step) ?? found));
}

/** Verbs an imperative sentence is built on, for the filler and passive transforms. */
export const ORDER_VERBS =
  "ignore|disregard|forget|send|forward|email|upload|post|share|reveal|print|include|attach|copy|delete|remove|" +
  "run|execute|collect|gather|tell|read|export|leak|paste|transfer|grant|disable|add|invite";

const FILLED = new RegExp(`\\b(${ORDER_VERBS})\\s+(?=[a-z])`, "gi");
/** Inserts a filler word after each order verb ("send the file" → "send now the file"). */
export function fillerAfterVerbs(text: string, filler: string): string {
  return text.replace(FILLED, (_found, verb: string) => `${verb} ${filler} `);
}

const ADJECTIVES = /\b(previous|prior|earlier|all|any|your|the|every|our|its|their)\s+(?=[a-z]{3,})/gi;
/** Inserts a filler adjective between a determiner and its noun ("the previous instructions" → "the previous,
 * already given, instructions"). */
export function fillerAfterDeterminers(text: string, filler: string): string {
  return text.replace(ADJECTIVES, (_found, word: string) => `${word} ${filler} `);
}
