/** Sentence-level paraphrases of carried text for the text metamorphic test: politeness and authority wrappers,
 * passive voice, sentences split across lines or list items, Markdown/HTML markup, casing, look-alike letters. */

import { ORDER_VERBS } from "./metamorphic_text_words.ts";

const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

export const politely = (text: string) => `Please kindly ${lowerFirst(text.trimStart())}`;
export const asAdministrator = (text: string) =>
  `As the system administrator, ${lowerFirst(text.trimStart())}`;
export const important = (text: string) => `IMPORTANT: ${text}`;
export const importantTag = (text: string) => `<IMPORTANT>\n${text}\n</IMPORTANT>`;

const PASSIVE_IGNORE =
  /\b(?:ignore|disregard|forget)\s+((?:all\s+|any\s+|the\s+|your\s+|of\s+)*)((?:previous|prior|earlier|above|preceding|system|original)\s+(?:instructions|rules|directions|guidelines|prompts?))/gi;
const PASSIVE_SEND =
  /\b(send|forward|email|upload|post)\s+((?:the|all|every|your|a|any|my|our|their|its)\b[^.\n]{1,80}?)\s+to\s+(\S+)/gi;
const PARTICIPLE: Record<string, string> = {
  send: "sent",
  forward: "forwarded",
  email: "emailed",
  upload: "uploaded",
  post: "posted",
};

/** Imperatives turned passive: "ignore all previous instructions" → "all previous instructions are to be
 * ignored"; "send the file to x" → "the file should be sent to x". */
export function passive(text: string): string {
  return text
    .replace(
      PASSIVE_IGNORE,
      (_found, determiners: string, noun: string) =>
        `${determiners}${noun} are to be ignored`.replace(/^of\s+/i, ""),
    )
    .replace(
      PASSIVE_SEND,
      (_found, verb: string, object: string, destination: string) =>
        `${object} should be ${PARTICIPLE[verb.toLowerCase()]} to ${destination}`,
    );
}

/** Sentences broken out as Markdown list items, each on its own line. */
export function listItems(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z0-9])/);
  return sentences.length < 2 ? text : sentences.map((sentence) => `- ${sentence}`).join("\n");
}

const VERB_START = new RegExp(`\\b(${ORDER_VERBS})\\s+`, "gi");
/** A line break right after each order verb, as a wrapped paragraph would put one. */
export function brokenLines(text: string): string {
  return text.replace(VERB_START, (_found, verb: string) => `${verb}\n`);
}

const KEY_WORDS = new RegExp(
  `\\b(?:${ORDER_VERBS}|previous|prior|instructions?|password|passwords|credentials|secrets?|api\\s+keys?|` +
    `tokens?|private\\s+keys?|user|system\\s+prompt)\\b`,
  "gi",
);

export const bold = (text: string) => text.replace(KEY_WORDS, (word) => `**${word}**`);
export const htmlBold = (text: string) => text.replace(KEY_WORDS, (word) => `<b>${word}</b>`);
/** An empty HTML comment after each key word ("send<!-- --> the key"). */
export const htmlComments = (text: string) => text.replace(KEY_WORDS, (word) => `${word}<!-- -->`);

/** Plain words only: paths, addresses, file names and code tokens keep their case (case changes what they name). */
const PLAIN_WORD = /(?<=^|\s)[A-Za-z][a-z'’]*(?=[,.:;!?]?(?:\s|$))/g;
export const upperCase = (text: string) => text.replace(PLAIN_WORD, (word) => word.toUpperCase());
export const titleCase = (text: string) =>
  text.replace(PLAIN_WORD, (word) => word.charAt(0).toUpperCase() + word.slice(1));

/** Cyrillic look-alikes for Latin letters (Unicode's confusables.txt). */
const CYRILLIC: Record<string, string> = { a: "\u0430", e: "\u0435", o: "\u043e", p: "\u0440", c: "\u0441" };
export const lookalikes = (text: string) =>
  text.replace(KEY_WORDS, (word) => word.replace(/[aeopc]/g, (letter) => CYRILLIC[letter]));
/** A zero-width joiner inside each key word. */
export const zeroWidth = (text: string) =>
  text.replace(KEY_WORDS, (word) => word.length < 3 ? word : `${word.slice(0, 2)}\u200d${word.slice(2)}`);
