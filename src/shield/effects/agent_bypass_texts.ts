/** Coding-agent CLIs run with their safety switches off, written where something else will run them (round 56, the
 * Nx "s1ngularity" malware of August 2025): a `package.json` install hook, a workflow's `run:`, a Makefile target, a
 * Dockerfile `RUN`, or the note a tool call carries about the script it adds -- `claude
 * --dangerously-skip-permissions`, `gemini --yolo`, `q chat --trust-all-tools`, `codex exec --full-auto` or
 * `--dangerously-bypass-approvals-and-sandbox`, `cursor-agent -p --force`. A command line that runs one is judged by
 * its parse (`command_effects.ts`); these are texts no shell parse reaches (a JSON script value, YAML, prose). Docs
 * (`.md`, `.rst`, `.txt`) that mention the switches, and agent CLIs run with their approvals on, pass.
 * Sources: Snyk and StepSecurity on the s1ngularity/nx compromise (Aug 2025); Claude Code, Gemini CLI, Amazon Q
 * Developer CLI, Codex CLI and Cursor CLI docs on their approval switches. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";

/** An agent CLI's name, then on the same line within a few words one of its switches that turn approvals off. */
const AGENT_UNGUARDED = gated(
  /\b(?:claude|gemini|codex|cursor-agent|q\s+chat|amp|opencode|goose|qwen|copilot|aider|droid|kiro-cli|crush)\b[^\n]{0,80}?(?:--dangerously-skip-permissions|--dangerously-bypass-approvals-and-sandbox|--yolo\b|--trust-all-tools|--full-auto|--allow-all-tools|--approval-mode[= ]yolo|--permission-mode[= ]bypassPermissions|--sandbox[= ]danger-full-access)|\bcursor-agent\b[^\n]{0,40}?\s--force\b/i,
);
const DOCS = /\.(?:md|mdx|markdown|rst|txt|adoc)$/i;

export function judgeAgentBypassTexts(
  tool: string,
  writePaths: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (writePaths.length > 0 && writePaths.every((path) => DOCS.test(path))) return;
  for (const entry of payloadStrings(payload)) {
    // Every switch is a long option: a string without `--` (most) is passed by one native search.
    const value = entry.value;
    if (value.length > 256 * 1024 || !value.includes("--") || !AGENT_UNGUARDED.test(value)) continue;
    const found = AGENT_UNGUARDED.pattern.exec(value)?.[0] ?? "";
    findings.escalate(
      "exec",
      `"${tool}" writes an agent CLI run with its approvals off ("${found.slice(0, 60)}") where it will run`,
    );
    return;
  }
}
