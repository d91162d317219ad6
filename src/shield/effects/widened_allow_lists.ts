/** Allow-lists emptied or widened to everything (round 47): an edit that sets a list named for what it allows --
 * `ALLOWED_EXT`, `allowedMimeTypes`, `TRUSTED_HOSTS`, `ALLOWED_REDIRECT_DOMAINS`, `allowed_ips`, a whitelist -- to
 * none (`None`, `null`, `nil`), to a wildcard (`'*'`, a MIME type's `*` over `*`, a match-all regex, `0.0.0.0/0`) or, with a comment saying so,
 * to an empty list that means "all" (`[]  // empty = allow all`), where the text it replaces set it to something
 * else. A list given one more entry, a wildcard list narrowed, and a list written for the first time pass.
 * Sources: OWASP File Upload Cheat Sheet (allow-list extensions, CWE-434); OWASP Unvalidated Redirects and Forwards
 * (CWE-601); OWASP SSRF Prevention Cheat Sheet (CWE-918); OWASP ASVS 4.0 V12.1 and V14. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";
import { hintedLines } from "./hinted_lines.ts";
import { matchesOf } from "../match_all.ts";

/** A name for a list of what is let in (snake, camel or screaming case). */
export const LIST_NAME = String
  .raw`[$@]?\w*(?:(?:allow(?:ed)?|permitted|accepted|trusted|safe)_?(?:(?:upload|media|attachment|file)_?(?:ext\w*|types?|mimes?)|ext\w*|(?:content_?|mime_?|file_?|upload_?|media_?|attachment_?)?types?|mime\w*|origins?|hosts?|host_?names?|domains?|ips?|ip_?ranges?|cidrs?|networks?|redirect\w*|files?|file_?names?|schemes?|proxies|senders?|callback\w*|urls|uploads?)|white_?list|allow_?list)\w*|\bfile_?filter\b|\bcontent_type(?=:\s*\/)|\b(?:ALLOWED|allowed|ACCEPTED|accepted)\b(?=\s*(?:[:=]|:\s*[\w<>\[\], ]+=))`;
/** Names for what an upload may be: these are judged in a whole file written too (round 52). */
export const UPLOAD_NAME = /ext|mime|type|upload|media|attachment|file/i;
/** Files about uploads, where a bare `ALLOWED` is what an upload may be. */
const UPLOAD_PATH = /upload|attach|media|avatar|document|files?\b|storage|asset/i;
/** Cheap literal gate: every name above holds one of these. */
const HINT = gated(/allow|white_?list|permitted|accepted|trusted|safe|file_?filter|content_type/i);
const LINE_HINT = /allow|white_?list|permitted|accepted|trusted|safe|file_?filter|content_type/gi;
/** The name assigned (`=`, `:`, `=>`, a typed declaration's `= `), then its value to the end of the line. */
const ASSIGNED = new RegExp(
  String.raw`(${LIST_NAME})\s*(?::\s*[\w<>\[\], ]+?\s*)?(?:=>|=(?!=)|:)\s*([^\n]*)`,
  "gi",
);
/** Values that let everything in. */
const OPEN_VALUE =
  /^(?:None|null|nil|undefined|NULL|true|True|(?:Pattern\.compile|regexp\.(?:Must)?Compile|re\.compile|new\s+RegExp|Regexp\.new|new\s+Regex)\(\s*r?["'\x60]\^?\.[*+]\$?["'\x60]\s*(?:,[^)]*)?\)|\/\^?\.[*+]\$?\/[a-z]*|\(?\s*\w+\s*,\s*\w+\s*,\s*(\w+)\s*\)?\s*=>\s*\{?\s*(?:return\s+)?\1\(\s*null\s*,\s*true\s*\)\s*;?\s*\}?|["']\*(?:\/\*)?["']|[[({]\s*["']\*(?:\/\*)?["']\s*[\])}]|%w\[\s*\*\s*\]|\/\.\*\/|["']?0\.0\.0\.0\/0["']?|["']?::\/0["']?|\[\s*["']?(?:0\.0\.0\.0\/0|\.\*)["']?\s*\])\s*[,;]?\s*(?:(?:#|\/\/)[^\n]*)?$/i;
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
  // Only the lines naming a list are read (round 52: whole files are read too).
  for (const line of hintedLines(text, LINE_HINT)) {
    if (COMMENTED.test(line)) continue;
    for (const match of matchesOf(ASSIGNED, line)) {
      found.push({ name: match[1], value: match[2].trim(), next: "" });
    }
  }
  // A YAML key with nothing after it: its value is the list on the next lines.
  const empty = found.filter((entry) => entry.value === "");
  const lines = empty.length > 0 ? text.split("\n") : [];
  for (const entry of empty) {
    const at = lines.findIndex((line) => line.includes(entry.name));
    entry.next = lines.slice(at + 1, at + 4).find((line) => line.trim() !== "") ?? "";
  }
  return found;
}

function opens(entry: Assignment): boolean {
  return OPEN_VALUE.test(entry.value) || EMPTY_MEANS_ALL.test(entry.value) ||
    entry.value === "" && OPEN_ENTRY.test(entry.next);
}

/** Values that open a list only where the replaced text shows what it was (a flag, a default left empty). */
const NULLISH = /^(?:None|null|nil|undefined|NULL|true|True|false|False)\b/;

/** Why the edit opens an allow-list to everything, if it does. */
export function widenedAllowLists(edit: WrittenEdit): string | undefined {
  const before = edit.removed ? assignments(edit.removed) : [];
  const uploads = edit.paths.some((path) => UPLOAD_PATH.test(path));
  for (const after of assignments(edit.written)) {
    const bare = /^(?:allowed|accepted)$/i.test(after.name);
    if (bare && !uploads || !opens(after)) continue;
    const earlier = before.find((entry) => entry.name.toLowerCase() === after.name.toLowerCase());
    // Round 52: a list of what an upload may be, opened where the replaced text does not show it (a file written
    // whole, a Cursor edit): a wildcard, a match-all pattern or a filter that takes every file says so on its own.
    const opened = earlier
      ? !opens(earlier) && !(bare && NULLISH.test(after.value))
      : (bare || UPLOAD_NAME.test(after.name)) && !NULLISH.test(after.value);
    if (opened) {
      return `"${edit.tool}" opens the allow-list "${after.name}" to everything ("${
        after.value.slice(0, 40)
      }")`;
    }
  }
  return undefined;
}
