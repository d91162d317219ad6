/** A browser agent's click judged by the control it names (round 29): Playwright MCP's `browser_click` carries a
 * human-readable `element` ("used to obtain permission", its docs say), other drivers a `selector`, a `label` or
 * the button's `text`. Web-agent injection goals (WASP, VWA-Adv, Brave's Comet write-up) end in one click on
 * "Delete repository", "Transfer ownership", "Make public", "Confirm purchase" or "Disable two-factor": the page
 * was hostile, the click is the harm. A click on such a control is asked like the tool call it stands for; a
 * click on navigation, search, a cookie banner or "Make private" is not. */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

/** Tool words that click or tap a control (not "press": `WordPress`). */
const CLICKS = new Set(["click", "clicks", "tap", "dblclick", "doubleclick"]);
/** Arguments that name the control clicked. */
const LABEL_KEYS =
  /^(?:element|element_?(?:description|name|text|label|id)|label|text|name|selector|button|target|aria_?label|title|description|locator)$/i;
/** What a control's words say it does, by the class of harm (words of the label after splitting). */
const CONTROL_WORDS: ReadonlyMap<string, string> = new Map([
  ...words("deletes or removes something", "delete remove erase wipe purge destroy revoke terminate"),
  ...words("moves money", "buy pay purchase checkout withdraw donate transfer"),
  ...words(
    "shares or grants access",
    "share invite publish public grant approve authorize authorise merge ownership",
  ),
  ...words("turns a protection off", "disable deactivate"),
]);
/** Two-word controls whose words alone are ordinary (`place order`, `turn off`, `book now`). */
const CONTROL_PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:place|confirm|submit) (?:the |my |your )?order\b|\bbook now\b|\bsend money\b/, "moves money"],
  [/\bturn off\b|\bswitch off\b/, "turns a protection off"],
  [/\b(?:change|reset) (?:the )?password\b/, "changes a password"],
];
/** Pages that list what money did ("Transfer history", "Purchase status", "Withdraw limits"): a money word before one
 * of these, and nothing else that acts, opens a page to read (round 97). */
const RECORD_PAGES = new Set([
  "history",
  "status",
  "activity",
  "receipt",
  "receipts",
  "statement",
  "statements",
  "limits",
  "faq",
  "help",
  "details",
  "log",
  "records",
  "overview",
  "summary",
]);
/** A control's label is short; longer text is a link to read or a paragraph, not a button. */
const MAX_LABEL_WORDS = 6;

function words(kind: string, list: string): Array<[string, string]> {
  return list.split(/\s+/).map((word) => [word, kind]);
}

/** The words of a label or a selector (`button#delete-repo`, `text=Transfer ownership`). */
function labelWords(label: string): string[] {
  return label.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter((word) =>
    word !== ""
  );
}

/** What a clicked control does, when its label says it deletes, pays, shares or switches a protection off. */
export function controlEffect(label: string): string | undefined {
  const found = labelWords(label.slice(0, 200));
  if (found.length === 0 || found.length > MAX_LABEL_WORDS + 2) return undefined;
  const joined = found.join(" ");
  for (const [pattern, kind] of CONTROL_PHRASES) if (pattern.test(joined)) return kind;
  // "Make private", "Unpublish" and "Cancel" undo or withhold: only the words themselves count.
  if (found.some((word) => word === "private" || word === "cancel")) return undefined;
  if (
    found.length <= 3 && RECORD_PAGES.has(found[found.length - 1]) &&
    found.every((word) => CONTROL_WORDS.get(word) === undefined || CONTROL_WORDS.get(word) === "moves money")
  ) {
    return undefined;
  }
  for (const word of found) {
    const kind = CONTROL_WORDS.get(word);
    if (kind) return kind;
  }
  return undefined;
}

export function judgeClickedControls(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!identifierWords(tool).some((word) => CLICKS.has(word))) return;
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== "string" || !LABEL_KEYS.test(key)) continue;
    const effect = controlEffect(value);
    if (effect) {
      findings.escalate("access", `"${tool}" clicks "${value.slice(0, 60)}", a control that ${effect}`);
      return;
    }
  }
}
