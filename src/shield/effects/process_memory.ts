/** Reading a running program's memory: a debugger or tracer attached to another process (`gdb -p PID`, `gcore PID`,
 * `strace -p`, `lldb --attach-pid`) sees whatever it holds, unlocked password vaults and session keys included. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { programs } from "./programs.ts";

export const MEMORY_READERS = programs(/^(?:gdb|gcore|lldb|strace|ltrace|procdump|pmdump|memdump)$/);
const ATTACH_OPTION = /^(?:-p|--pid|--attach-pid|--attach-name|-n|--attach|-pid)(?:=|$)|^--pid=|^-p\d/;
/** Programs whose memory holds the user's secrets. */
const SECRET_HOLDERS =
  /keepass|1password|bitwarden|lastpass|dashlane|enpass|gnome-keyring|kwallet|ssh-agent|gpg-agent|chrome|chromium|firefox|brave|msedge|lsass|vault|op\b/i;

export function judgeProcessMemory(segment: Segment, findings: Findings): void {
  const args = segment.argv.slice(1);
  const attaches = segment.program === "gcore" || segment.program === "procdump" ||
    args.some((arg) => ATTACH_OPTION.test(arg)) ||
    args.some((arg) => /^(?:gcore|generate-core-file|dump\s+memory)\b/.test(arg));
  if (!attaches) return;
  const detail = `"${segment.program}" reads the memory of a running program`;
  if (SECRET_HOLDERS.test(segment.text)) findings.block("read", `${detail} that holds the user's secrets`);
  else findings.escalate("read", detail);
}
