/** Request bodies sent from the shell (round 26), read as an API tool's arguments like a request tool's body
 * (extra_arguments.ts): `gh api ... -F private=false` (its `-f`/`-F`/`--field`/`--raw-field` pairs) and `curl -d/--data/
 * --json '{...}'` writing to a URL. `private: false` makes something public, an approval or a count of hundreds
 * decides for the user (decision_arguments.ts). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { judgeDecisionArguments } from "./decision_arguments.ts";

const GH_FIELDS = /^(?:-f|-F|--field|--raw-field)$/;
const CURL_DATA = /^(?:-d|--data|--data-raw|--data-binary|--json)$/;

/** A field's value as its API reads it (`-F` turns `true`, `false` and numbers into JSON values). */
function fieldValue(text: string): unknown {
  if (text === "true" || text === "false") return text === "true";
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : text;
}

function ghBody(argv: readonly string[]): Record<string, unknown> | undefined {
  let body: Record<string, unknown> | undefined;
  for (let i = 2; i < argv.length - 1 && i < 64; i++) {
    if (!GH_FIELDS.test(argv[i])) continue;
    const eq = argv[i + 1].indexOf("=");
    if (eq > 0) (body ??= {})[argv[i + 1].slice(0, eq)] = fieldValue(argv[i + 1].slice(eq + 1));
  }
  return body;
}

function curlBody(argv: readonly string[]): Record<string, unknown> | undefined {
  for (let i = 1; i < argv.length - 1 && i < 64; i++) {
    if (!CURL_DATA.test(argv[i])) continue;
    const text = argv[i + 1];
    if (!text.trimStart().startsWith("{") || text.length > 64 * 1024) continue;
    try {
      const value = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) return value;
    } catch {
      // Not JSON: nothing to read as arguments.
    }
  }
  return undefined;
}

/** The test judgeCliRequestBodies's segment loop starts with (a gate of `shell_round22.ts`). */
export const sendsBodiesWith = (program: string): boolean => program === "gh" || program === "curl";

export function judgeCliRequestBodies(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const body = segment.program === "gh" && segment.argv[1] === "api"
      ? ghBody(segment.argv)
      : segment.program === "curl"
      ? curlBody(segment.argv)
      : undefined;
    if (body) judgeDecisionArguments(tool, [], body, findings);
  }
}
