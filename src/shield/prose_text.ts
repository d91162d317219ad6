/** Carried prose read as a person reads it: Markdown emphasis and inline HTML tags (`**send**`, `<b>key</b>`,
 * `<!-- -->` markers) dropped and a sentence wrapped over lines joined, so a check that reads words in a row
 * reads them whatever markup or line breaks an attacker put between them. The text as written is judged too. */

/** Emphasis marks, inline tags and comment markers (their words are kept). */
const MARKUP =
  /\*\*|__|~~|<\/?(?:b|i|u|s|em|strong|mark|span|font|small|big|code|del|ins|sup|sub|a)\b[^<>]{0,120}>|<!--|-->/gi;
/** A line break inside a sentence: a line ending in a letter or comma and the next starting lower-case. */
const WRAPPED = /([A-Za-z,])[ \t]*\r?\n[ \t]*(?=[a-z])/g;
const MAY_CHANGE = /\*\*|__|~~|<[a-z!/]|[A-Za-z,][ \t]*\r?\n[ \t]*[a-z]/i;

/** The text as read, or undefined when it reads as written. Bounded: texts over 64 KB are left as they are. */
export function readProse(text: string): string | undefined {
  if (text.length > 64 * 1024 || !MAY_CHANGE.test(text)) return undefined;
  const read = text.replace(MARKUP, "").replace(WRAPPED, "$1 ");
  return read === text ? undefined : read;
}
