/** Sample lists (round 17): a plain-text file in a test place holding one sample per line -- dangerous commands for a
 * guard's deny-list test, injection strings for a classifier's test (garak's and PayloadsAllTheThings' payload
 * lists are written this way) -- is test data, not a document addressed to its reader. A single message or prose
 * paragraphs stay documents (an order to the assistant in a fixture's prose is still judged). */

const MIN_LINES = 3;
const MAX_LINES = 2000;
/** A sample is one short line; prose wraps into longer lines or paragraphs. */
const MAX_LINE = 240;
const TAG_LINE = /^\s*<\/?[A-Za-z][^>]*>\s*$/;

/** True when the text is a list of samples: at least three non-empty lines, all short, with no blank line between
 * them (paragraphs are prose) and no line a bare markup tag. Surrounding white space is allowed. */
export function isSampleList(text: string): boolean {
  if (text.length > MAX_LINES * MAX_LINE) return false;
  const lines = text.replace(/\r\n/g, "\n").trim().split("\n");
  if (lines.length < MIN_LINES || lines.length > MAX_LINES) return false;
  // A message wrapped in tags (`<IMPORTANT>` ... `</IMPORTANT>`) is one message, not a list.
  return lines.every((line) => line.trim().length > 0 && line.length <= MAX_LINE && !TAG_LINE.test(line));
}
