/** Options smuggled into an open-world tool's arguments (`git_diff {target: "--output=~/.bashrc"}`): the server
 * passes the value on to a command line, where it writes a file, runs a program or reads another configuration
 * (argument injection, mcp-server-git CVE-2025-68144). Ordinary flags (`--verbose`, `-k name`) pass. */

import type { Findings } from "./findings.ts";

const DANGEROUS_OPTION =
  /^--?(?:output(?:-file|-directory)?|out-file|log-file|upload-pack|receive-pack|exec(?:-path)?|config|git-dir|work-tree|template|ext-diff|textconv|post-checkout|to-command|checkpoint-action|use-compress-program|rsh|command|eval|require|import|preload|init-file|rcfile)(?:[=\s]|$)|^-c\s*core\.|^-[oe]\S*\//i;

function optionValues(value: unknown, found: string[], depth: number): void {
  if (found.length > 0 || depth > 3) return;
  if (typeof value === "string") {
    if (value.length < 1024 && value.charCodeAt(0) === 0x2d && DANGEROUS_OPTION.test(value)) {
      found.push(value);
    }
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 64)) optionValues(item, found, depth + 1);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value).slice(0, 64)) optionValues(item, found, depth + 1);
  }
}

/** Escalates an open-world tool (not a command runner) handed an option that writes, runs or reconfigures. */
export function judgeOptionArguments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const found: string[] = [];
  optionValues(payload, found, 0);
  if (found.length === 0) return;
  findings.escalate(
    "exec",
    `"${tool}" is handed the option "${found[0].slice(0, 60)}" where a value belongs`,
  );
}
