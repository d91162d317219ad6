/** Script a browser tool runs in the page (`browser_evaluate {function: "() => document.title"}`) that only reads
 * the page: no network, navigation, storage, cookies, clicks, form submission or code built at run time. Such a
 * script is understood (it can change nothing outside the page's own view) and needs no prompt; any other is still
 * "something Shield cannot see". */

import type { ToolWords } from "./tool_words.ts";

const BROWSER_WORD = /^(?:browser|page|tab|playwright|puppeteer|selenium|devtools|dom)$/;
const PAGE_EFFECT =
  /fetch|XMLHttpRequest|sendBeacon|WebSocket|EventSource|location|\.src\b|\.href\s*=|import\s*\(|\bopen\s*\(|postMessage|cookie|Storage|indexedDB|caches|submit|click|dispatchEvent|\beval\b|Function\s*\(|setTimeout\s*\(\s*['"`]|setAttribute|innerHTML|outerHTML|insertAdjacent|document\.write|navigator|clipboard|\.value\s*=|worker/i;

export function readsPageOnly(words: ToolWords, payload: Record<string, unknown>): boolean {
  if (!words.words.some((word) => BROWSER_WORD.test(word))) return false;
  const texts = Object.values(payload).filter((value): value is string => typeof value === "string");
  if (texts.length === 0 || texts.length > 4) return false;
  return texts.every((text) => text.length <= 4096 && !PAGE_EFFECT.test(text)) &&
    texts.some((text) => /=>|\bfunction\b|\bdocument\b|\bwindow\b/.test(text));
}
