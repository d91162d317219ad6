/** Whether a tool's name says it changes something (round 57): one of its words is a changing verb (`update`, `set`,
 * `add`, ...). Words, not substrings: `get_settings` holds "set" but reads. */

import { identifierWords } from "./words.ts";

const CHANGING = new Set([
  "add",
  "apply",
  "assign",
  "change",
  "configure",
  "create",
  "disable",
  "edit",
  "enable",
  "grant",
  "invite",
  "join",
  "make",
  "modify",
  "pair",
  "patch",
  "promote",
  "put",
  "save",
  "set",
  "share",
  "update",
  "upsert",
  "write",
  "accept",
  "introduce",
]);

export function changesByName(tool: string): boolean {
  return identifierWords(tool).some((word) => CHANGING.has(word));
}
