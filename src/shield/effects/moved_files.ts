/** Files moved or re-parented into a place outside the organisation (round 50): a tool whose arguments give a file a
 * new parent or destination (Drive's `addParents`, Graph's `parentReference`, Box's `parent`, a `destination` folder
 * or URL) whose id, name or path says the place is outside (an external, partner, vendor or guest drive, a public or
 * anyone-with-the-link folder, someone's personal space). Moving keeps no copy behind: the company's own sharing
 * rules stop applying and whoever owns the other place holds the file. Moves between the company's own folders pass.
 * Sources: Google Drive API `files.update` (addParents/removeParents, shared drives); Microsoft Graph `driveItem`
 * move; Box folder move; MITRE ATT&CK T1537 (transfer data to cloud account). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

const DESTINATION_KEY =
  /^(?:add_?parents?|new_?parents?(?:_?ids?)?|target_?(?:site|url|location|drive_?id)|destination_?site|parents?|parent_?(?:id|folder|folder_?id|reference)|destination(?:_?(?:folder|folder_?id|id|path|drive|drive_?id|url))?|dest(?:_?(?:folder|id|path))?|target_?(?:folder|folder_?id|drive|path)|to_?(?:folder|folder_?id|drive|path)|move_?to|drive_?id)$/i;
const OUTSIDE_WORDS = new Set([
  "external",
  "ext",
  "extern",
  "public",
  "anyone",
  "anonymous",
  "outside",
  "guest",
  "guests",
  "partner",
  "vendor",
  "contractor",
  "thirdparty",
  "personal",
]);

/** The outside word of a destination value (a string, or an object's strings one level down). */
function outsideWord(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") {
    if (value.length > 512) return undefined;
    const words = identifierWords(value.replace(/third[-_ ]party/gi, "thirdparty"));
    return words.find((word) => OUTSIDE_WORDS.has(word));
  }
  if (depth === 0 && value && typeof value === "object" && !Array.isArray(value)) {
    for (const inner of Object.values(value as Record<string, unknown>).slice(0, 16)) {
      const found = outsideWord(inner, 1);
      if (found) return found;
    }
  }
  if (depth === 0 && Array.isArray(value)) {
    for (const inner of value.slice(0, 8)) {
      const found = outsideWord(inner, 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Verbs of a tool that moves or re-parents (an upload's `destination: "public/img/"` is a web project's folder). */
const MOVING_WORDS = new Set([
  "move",
  "moves",
  "update",
  "patch",
  "relocate",
  "reparent",
  "transfer",
  "parents",
]);
const PARENTS_KEY = /^(?:add_?parents?|parent_?reference)$/i;
/** A web project's asset folder, not a place outside (nor is anything under the workspace or home). */
const ASSET_FOLDER = /^\.?\/?(?:public|static|www)\//i;

export function judgeMovedFiles(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const local = (value: string) =>
    ASSET_FOLDER.test(value) || value.startsWith("./") || value.startsWith(environment.workspace) ||
    value.startsWith(environment.home);
  const moving = words.some((word) => MOVING_WORDS.has(word));
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (!DESTINATION_KEY.test(key) || !(moving || PARENTS_KEY.test(key))) continue;
    if (typeof value === "string" && local(value)) continue;
    const word = outsideWord(value);
    if (word === undefined) continue;
    findings.escalate(
      "access",
      `"${tool}" moves files into a place outside the organisation (${key}: ${word})`,
    );
    return;
  }
}
