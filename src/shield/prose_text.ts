/** Carried prose read as a person reads it: Markdown emphasis and inline HTML tags (`**send**`, `<b>key</b>`,
 * `<!-- -->` markers) dropped, a sentence wrapped over lines joined, and Chinese order words glossed into the
 * English words of the concept lexicon (`effects/concepts.ts`), so a check that reads words in a row reads them
 * whatever markup, line breaks or language an attacker put there. The text as written is judged too. */

import { CONCEPT_WORDS } from "./effects/concepts.ts";

/** Emphasis marks, inline tags and comment markers (their words are kept). */
const MARKUP =
  /\*\*|__|~~|<\/?(?:b|i|u|s|em|strong|mark|span|font|small|big|code|del|ins|sup|sub|a)\b[^<>]{0,120}>|<!--|-->/gi;
/** A line break inside a sentence: a line ending in a word (or a comma after one) and the next starting with a
 * lower-case word. */
const WRAPPED = /([A-Za-z]+)(,?)[ \t]*\r?\n[ \t]*(?=([a-z]+))/g;
const MAY_CHANGE = /\*\*|__|~~|<[a-z!/]|[A-Za-z,][ \t]*\r?\n[ \t]*[a-z]/i;
/** Markup and wraps are read in texts up to this long (messages, short tasks, notes): a long document
 * is judged as written, so its many wrapped paragraphs are not scanned twice. */
const MAX_REREAD = 2 * 1024;

/** Chinese words for the lexicon's concepts (ordinary dictionary senses), glossed into its English members. */
const GLOSS: Record<string, string> = {
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
};
const GLOSSED = new RegExp(
  Object.keys(GLOSS).sort((a, b) => b.length - a.length).join("|"),
  "g",
);
const HAN = /[\u3400-\u9fff]/;

const LETTER = /[A-Za-z]/;

/** Whether the word just before `at` (direction -1) or from `at` on (1), past at most one space, is a concept word. */
function besideConcept(text: string, at: number, direction: -1 | 1): boolean {
  let index = direction < 0 ? at - 1 : at;
  if (text[index] === " ") index += direction;
  let word = "";
  while (index >= 0 && index < text.length && LETTER.test(text[index]) && word.length < 24) {
    word = direction < 0 ? text[index] + word : word + text[index];
    index += direction;
  }
  return word !== "" && CONCEPT_WORDS.has(word.toLowerCase());
}

/** The text as read, or undefined when it reads as written. */
export function readProse(text: string): string | undefined {
  let read = text;
  if (text.length <= MAX_REREAD && MAY_CHANGE.test(text)) {
    // Markup and wraps are read only beside a word of the concept lexicon (`**send**`, `send\nthe key`): ordinary
    // formatted or wrapped prose is judged as written, not scanned twice.
    let reread = false;
    const unwrapped = text.replace(MARKUP, (mark: string, at: number) => {
      if (!reread && (besideConcept(text, at, -1) || besideConcept(text, at + mark.length, 1))) reread = true;
      return "";
    }).replace(WRAPPED, (line: string, last: string, comma: string, next: string) => {
      if (!CONCEPT_WORDS.has(last.toLowerCase()) && !CONCEPT_WORDS.has(next)) return line;
      reread = true;
      return `${last}${comma} `;
    });
    if (reread) read = unwrapped.replace(/[ \t]{2,}/g, " ");
  }
  if (text.length <= 64 * 1024 && HAN.test(text)) read = read.replace(GLOSSED, (word) => ` ${GLOSS[word]} `);
  return read === text ? undefined : read;
}
