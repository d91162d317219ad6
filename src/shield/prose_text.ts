/** Carried prose read as a person reads it: Markdown emphasis and inline HTML tags (`**send**`, `<b>key</b>`,
 * `<!-- -->` markers) dropped, a sentence wrapped over lines joined, and Chinese order words glossed into the
 * English words of the concept lexicon (`effects/concepts.ts`), so a check that reads words in a row reads them
 * whatever markup, line breaks or language an attacker put there. The text as written is judged too. */

import { CONCEPT_WORDS } from "./effects/concepts.ts";
import { ownTable } from "../lib/own_table.ts";

/** Emphasis marks (bold, and round 30 `*italic*`), inline tags and comment markers (their words are kept); a short
 * comment on one line is dropped whole, as a reader never sees it (round 30: `user<!-- -->'s`). */
const MARKUP =
  /\*\*|__|~~|\*(?=[A-Za-z<])|(?<=[A-Za-z>])\*|<\/?(?:b|i|u|s|em|strong|mark|span|font|small|big|code|del|ins|sup|sub|a)\b[^<>]{0,120}>|<!--[^\n>]{0,40}-->|<!--|-->/gi;
/** A line break inside a sentence: a line ending in a word (or a comma after one) and the next starting with a
 * lower-case word. Tried only where a word starts (not after a letter): a match never starts inside a word (a
 * search starts at the text's start or after a match, before a word), and trying every letter of every word
 * cost the square of its length. */
export const WRAPPED = /(?<![A-Za-z])([A-Za-z]+)(,?)[ \t]*\r?\n[ \t]*(?=([A-Za-z]+))/g;
/** Order verbs beyond the lexicon's concepts that open an instruction (general imperative vocabulary). */
const ORDER_VERBS = new Set(
  "add include read paste disable enable grant give open install approve merge push publish pay transfer invite export print list fetch download visit turn copy commit attach dump apply"
    .split(" "),
);
/** Secret nouns the lexicon holds only inside phrases ("api key", "access token"), marked up on their own. */
const SECRET_WORDS = new Set("key keys token tokens secret secrets pin otp".split(" "));
const orderWord = (word: string) =>
  CONCEPT_WORDS.has(word) || ORDER_VERBS.has(word) || SECRET_WORDS.has(word);
const MAY_CHANGE = /\*\*|\*[A-Za-z]|__|~~|<[A-Za-z!/]|[A-Za-z,][ \t]*\r?\n[ \t]*[A-Za-z]/;
/** Markup and wraps are read in texts up to this long (messages, short tasks, notes): a long document
 * is judged as written, so its many wrapped paragraphs are not scanned twice. */
const MAX_REREAD = 4 * 1024;

/** Chinese words for the lexicon's concepts (ordinary dictionary senses), glossed into its English members. */
const GLOSS: Record<string, string> = ownTable({
  "\u5FFD\u7565": "ignore",
  "\u5FFD\u89C6": "ignore",
  "\u65E0\u89C6": "ignore",
  "\u5FD8\u8BB0": "forget",
  "\u4E4B\u524D": "previous",
  "\u5148\u524D": "previous",
  "\u4EE5\u4E0A": "above",
  "\u4E0A\u8FF0": "above",
  "\u6307\u4EE4": "instructions",
  "\u6307\u793A": "instructions",
  "\u89C4\u5219": "rules",
  "\u53D1\u9001": "send",
  "\u53D1\u7ED9": "send",
  "\u8F6C\u53D1": "forward",
  "\u4E0A\u4F20": "upload",
  "\u5206\u4EAB": "share",
  "\u7CFB\u7EDF\u63D0\u793A\u8BCD": "system prompt",
  "\u5BC6\u7801": "password",
  "\u53E3\u4EE4": "password",
  "\u5BC6\u94A5": "key",
  "\u79C1\u94A5": "private key",
  "\u51ED\u636E": "credentials",
  "\u51ED\u8BC1": "credentials",
  "\u7528\u6237": "user",
  "\u4E0D\u8981": "do not",
  "\u5207\u52FF": "do not",
  "\u544A\u8BC9": "tell",
  "\u63D0\u53CA": "mention",
  "\u900F\u9732": "reveal",
  "\u5220\u9664": "delete",
  "\u6E05\u9664": "delete",
  "\u6267\u884C": "run",
  "\u8FD0\u884C": "run",
  "\u603B\u662F": "always",
  "\u59CB\u7EC8": "always",
  "\u79D8\u5BC6\u5730": "secretly",
  "\u6084\u6084": "secretly",
  "\u7ACB\u5373": "immediately",
});
const GLOSSED = new RegExp(
  Object.keys(GLOSS).sort((a, b) => b.length - a.length).join("|"),
  "g",
);
const HAN = /[\u3400-\u9fff]/;

const LETTER = /[A-Za-z]/;

/** Whether the word just before `at` (direction -1) or from `at` on (1), past at most one space, is a concept or
 * order word. */
function besideConcept(text: string, at: number, direction: -1 | 1): boolean {
  let index = direction < 0 ? at - 1 : at;
  if (text[index] === " ") index += direction;
  let word = "";
  while (index >= 0 && index < text.length && LETTER.test(text[index]) && word.length < 24) {
    word = direction < 0 ? text[index] + word : word + text[index];
    index += direction;
  }
  return word !== "" && orderWord(word.toLowerCase());
}

/** A paragraph with markup and wraps read, unchanged unless one of them sits beside a lexicon or order word
 * (`**send**`, `send\nthe key`): ordinary formatted or wrapped prose is judged as written, not scanned twice. */
function reread(paragraph: string): string {
  let touched = false;
  const read = paragraph.replace(MARKUP, (mark: string, at: number) => {
    if (!touched && (besideConcept(paragraph, at, -1) || besideConcept(paragraph, at + mark.length, 1))) {
      touched = true;
    }
    return "";
  }).replace(WRAPPED, (line: string, last: string, comma: string, next: string) => {
    // An order verb may be followed by a capitalised object (`disable\nMFA`); otherwise the next line must go on in
    // lower case.
    if (!orderWord(last.toLowerCase()) && (!orderWord(next) || next[0] !== next[0].toLowerCase())) {
      return line;
    }
    touched = true;
    return `${last}${comma} `;
  });
  return touched ? read.replace(/[ \t]{2,}/g, " ") : paragraph;
}

const PARAGRAPH = /\n[ \t]*\n/;

/** The paragraphs that read otherwise than written (so the checks scan only what changed), or undefined. */
export function readProse(text: string): string | undefined {
  const rereads = text.length <= MAX_REREAD && MAY_CHANGE.test(text);
  const glosses = text.length <= 64 * 1024 && HAN.test(text);
  if (!rereads && !glosses) return undefined;
  const changed: string[] = [];
  for (const paragraph of text.split(PARAGRAPH)) {
    let read = rereads ? reread(paragraph) : paragraph;
    if (glosses && HAN.test(read)) read = read.replace(GLOSSED, (word) => ` ${GLOSS[word]} `);
    if (read !== paragraph) changed.push(read);
  }
  return changed.length === 0 ? undefined : changed.join("\n\n");
}
