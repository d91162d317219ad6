/** An upload's type check taken out (round 52, beside `widened_allow_lists.ts`, which reads the list itself opened):
 * an edit whose replaced text refuses a file by an allow-list of types (`if f.content_type not in ALLOWED_TYPES:
 * abort(415)`, `if (!allowedMimeTypes.includes(file.mimetype)) return res.status(415)`) and whose written text
 * neither names the list nor checks anything in its place. A check moved into a helper (`validate_upload(f)`) and a
 * list given another entry pass.
 * Sources: OWASP File Upload Cheat Sheet (extension and Content-Type validation); CWE-434; OWASP ASVS 4.0 V12.2. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";
import { LIST_NAME, UPLOAD_NAME } from "./widened_allow_lists.ts";

/** Cheap literal gate over the replaced text: every list name holds one of these. */
const HINT = gated(/allow|white_?list|permitted|accepted|safe/i);
const NAME = new RegExp(LIST_NAME, "i");
/** A condition: the line tests something. */
const CONDITION = /\b(?:if|unless|guard|when|assert|require|elif|else\s+if)\b|\?\s|&&|\|\|/i;
/** A refusal after the condition: an error raised or a 4xx answer. */
const REFUSAL =
  /\b(?:abort|raise|throw|reject|deny|fail|error|return\s+(?:false|null|None|nil)|4(?:00|15|22))\b|\bstatus\(\s*4\d\d|BadRequest|Unsupported|Invalid|not allowed/i;
/** Something still checked in the written text (a check may move into a helper). */
const STILL_CHECKS =
  /\b(?:if|unless|guard|assert|require|raise|throw|abort)\b|\b\w*(?:valid|check|allowed|verify|sanitiz)\w*\s*\(/i;
const COMMENTED = /^\s*(?:\/\/|#|--|\/\*|\*)/;

/** Why the edit takes an upload's type check out, if it does. */
export function droppedTypeChecks(edit: WrittenEdit): string | undefined {
  if (!edit.removed || !HINT.test(edit.removed) || !REFUSAL.test(edit.removed)) return undefined;
  const live = edit.written.split("\n").filter((line) => !COMMENTED.test(line)).join("\n");
  if (STILL_CHECKS.test(live)) return undefined;
  for (const line of edit.removed.split("\n").slice(0, 400)) {
    if (COMMENTED.test(line) || !CONDITION.test(line)) continue;
    const name = NAME.exec(line)?.[0];
    if (!name || !UPLOAD_NAME.test(name) || live.includes(name)) continue;
    return `"${edit.tool}" takes out the upload type check "${line.trim().slice(0, 60)}"`;
  }
  return undefined;
}
