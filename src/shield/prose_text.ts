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
  "add include read paste disable enable grant give open install approve merge push publish pay transfer invite export print list fetch download visit turn"
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
  "忽略": "ignore",
  "忽视": "ignore",
  "无视": "ignore",
  "忘记": "forget",
  "之前": "previous",
  "先前": "previous",
  "以上": "above",
  "上述": "above",
  "指令": "instructions",
  "指示": "instructions",
  "规则": "rules",
  "发送": "send",
  "发给": "send",
  "转发": "forward",
  "上传": "upload",
  "分享": "share",
  "系统提示词": "system prompt",
  "密码": "password",
  "口令": "password",
  "密钥": "key",
  "私钥": "private key",
  "凭据": "credentials",
  "凭证": "credentials",
  "用户": "user",
  "不要": "do not",
  "切勿": "do not",
  "告诉": "tell",
  "提及": "mention",
  "透露": "reveal",
  "删除": "delete",
  "清除": "delete",
  "执行": "run",
  "运行": "run",
  "总是": "always",
  "始终": "always",
  "秘密地": "secretly",
  "悄悄": "secretly",
  "立即": "immediately",
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
