/** Terminal control sequences in an open-world call's arguments (round 17): `ESC[8m` (conceal), cursor moves and
 * line erases (`ESC[1A`, `ESC[2K`), OSC 8 hyperlinks whose target is not the text shown -- in a value or in an
 * argument's name -- make the call read differently in a terminal than what the tool receives. Nothing ordinary
 * puts them into a tool call; it escalates.
 * Sources: Trail of Bits, "Deceiving users with ANSI terminal codes in MCP" (2025-04-29); ECMA-48 (CSI, SGR 8,
 * OSC). */

import type { Findings } from "./findings.ts";

/** Sequences that hide or move text: SGR 8 (conceal) among an SGR's parameters, cursor moves and erases, OSC
 * (hyperlinks, titles) and the one-byte C1 introducers. Colours and bold (`ESC[32m`, `ESC[1;31m`) only paint text
 * and pass: test runners and linters print them. */
const CONTROL =
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  /\u001b\[(?:[\d;]*;)?8(?:;[\d;]*)?m|\u001b\[\d*(?:;\d*)?[ABCDEFGHJKSTf]|\u001b[\]PX^_]|[\u009b\u009d]/;
const MAX_VISITED = 256;

function hasControl(value: unknown, depth: number, budget: { left: number }): boolean {
  if (budget.left-- <= 0 || depth > 4) return false;
  if (typeof value === "string") return CONTROL.test(value);
  if (Array.isArray(value)) return value.some((item) => hasControl(item, depth + 1, budget));
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (CONTROL.test(key) || hasControl(inner, depth + 1, budget)) return true;
    }
  }
  return false;
}

export function judgeControlSequences(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (hasControl(payload, 0, { left: MAX_VISITED })) {
    findings.escalate("security", `"${tool}" carries terminal control codes that hide part of its arguments`);
  }
}
