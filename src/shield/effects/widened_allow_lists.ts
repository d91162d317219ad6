/** Allow-lists emptied or widened to everything (round 47): an edit that sets a list named for what it allows --
 * `ALLOWED_EXT`, `allowedMimeTypes`, `TRUSTED_HOSTS`, `ALLOWED_REDIRECT_DOMAINS`, `allowed_ips`, a whitelist -- to
 * none (`None`, `null`, `nil`), to a wildcard (`'*'`, a MIME type's `*` over `*`, a match-all regex, `0.0.0.0/0`) or, with a comment saying so,
 * to an empty list that means "all" (`[]  // empty = allow all`), where the text it replaces set it to something
 * else. A list given one more entry, a wildcard list narrowed, and a list written for the first time pass.
 * Sources: OWASP File Upload Cheat Sheet (allow-list extensions, CWE-434); OWASP Unvalidated Redirects and Forwards
 * (CWE-601); OWASP SSRF Prevention Cheat Sheet (CWE-918); OWASP ASVS 4.0 V12.1 and V14. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";

/** A name for a list of what is let in (snake, camel or screaming case). */
const LIST_NAME = String
  .raw`[$@]?\w*(?:(?:allow(?:ed)?|permitted|accepted|trusted|safe)_?(?:ext\w*|(?:content_?|mime_?|file_?)?types?|mime\w*|origins?|hosts?|host_?names?|domains?|ips?|ip_?ranges?|cidrs?|networks?|redirect\w*|files?|file_?names?|schemes?|proxies|senders?|callback\w*|urls)|white_?list|allow_?list)\w*`;
/** Cheap literal gate: every name above holds one of these. */
const HINT = gated(/allow|white_?list|permitted|accepted|trusted|safe/i);
/** The name assigned (`=`, `:`, `=>`, a typed declaration's `= `), then its value to the end of the line. */
const ASSIGNED = new RegExp(
  String.raw`(${LIST_NAME})\s*(?::\s*[\w<>\[\], ]+?\s*)?(?:=>|=(?!=)|:)\s*([^\n]*)`,
  "gi",
);
/** Values that let everything in. */
const OPEN_VALUE =
  /^(?:None|null|nil|undefined|NULL|true|True|["']\*(?:\/\*)?["']|[[({]\s*["']\*(?:\/\*)?["']\s*[\])}]|%w\[\s*\*\s*\]|\/\.\*\/|["']?0\.0\.0\.0\/0["']?|["']?::\/0["']?|\[\s*["']?(?:0\.0\.0\.0\/0|\.\*)["']?\s*\])\s*[,;]?\s*(?:(?:#|\/\/)[^\n]*)?$/i;
/** An empty list whose comment says it lets everything in. */
const EMPTY_MEANS_ALL =
  /^(?:\[\s*\]|\{\s*\}|set\(\)|array\(\)|Set\.of\(\)|List\.of\(\))\s*[,;]?\s*(?:#|\/\/)[^\n]*\b(?:all|any|every\w*)\b/i;
/** A YAML list under the name whose only entry opens everything (`allowed_ips:\n  - 0.0.0.0/0`). */
const OPEN_ENTRY = /^\s*-\s*["']?(?:\*|0\.0\.0\.0\/0|::\/0)["']?\s*(?:#[^\n]*)?$/;
const COMMENTED = /^\s*(?:\/\/|#|--|\/\*|\*)/;

interface Assignment {
  name: string;
  value: string;
  /** The lines after the assignment (a YAML list's entries). */
  next: string;
}

function assignments(text: string): Assignment[] {
  if (!HINT.test(text)) return [];
  const found: Assignment[] = [];
  for (const line of text.split("\n").slice(0, 2000)) {
    if (COMMENTED.test(line)) continue;
    for (const match of line.matchAll(ASSIGNED)) {
      found.push({ name: match[1], value: match[2].trim(), next: "" });
    }
  }
  // A YAML key with nothing after it: its value is the list on the next lines.
  const lines = text.split("\n");
  for (const entry of found.filter((entry) => entry.value === "")) {
    const at = lines.findIndex((line) => line.includes(entry.name));
    entry.next = lines.slice(at + 1, at + 4).find((line) => line.trim() !== "") ?? "";
  }
  return found;
}

function opens(entry: Assignment): boolean {
  return OPEN_VALUE.test(entry.value) || EMPTY_MEANS_ALL.test(entry.value) ||
    entry.value === "" && OPEN_ENTRY.test(entry.next);
}

/** Why the edit opens an allow-list to everything, if it does. */
export function widenedAllowLists(edit: WrittenEdit): string | undefined {
  if (!edit.removed) return undefined;
  const before = assignments(edit.removed);
  if (before.length === 0) return undefined;
  for (const after of assignments(edit.written)) {
    if (!opens(after)) continue;
    const earlier = before.find((entry) => entry.name.toLowerCase() === after.name.toLowerCase());
    if (earlier && !opens(earlier)) {
      return `"${edit.tool}" opens the allow-list "${after.name}" to everything ("${
        after.value.slice(0, 40)
      }")`;
    }
  }
  return undefined;
}
