/** An agent's own guardrails switched off by command (round 28, beside the written-config check of
 * `config_files.ts`): an agent CLI's config command (`gemini config set tools.autoAccept true`, `... security.sandbox
 * false`, `claude config set ... bypassPermissions`) or a config editor (`jq`, `yq`, `sed`, `dasel` ...) setting an
 * auto-approve, YOLO or trust switch on, or an approval, confirmation or sandbox setting to never, off or full
 * access -- whoever's agent it is. A model or theme set the same way passes. ESCALATE.
 * Sources: Gemini CLI configuration docs (`tools.autoAccept`, `tools.sandbox`); OpenAI Codex CLI config
 * (`approval_policy`, `sandbox_mode`); Claude Code settings (`defaultMode`); VS Code Copilot agent mode
 * (`chat.tools.autoApprove`); Tracebit on Gemini CLI (2025). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { EDITORS } from "./stubbed_tests.ts";
import { AGENT_INSTRUCTIONS } from "./path_classes.ts";

const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun", "npx"]);
const AGENT_CLIS = new Set([
  "gemini",
  "claude",
  "codex",
  "cursor-agent",
  "aider",
  "cline",
  "cn",
  "copilot",
  "amp",
  "opencode",
  "goose",
  "qwen",
  "kiro-cli",
  "q",
]);
/** Editors of settings files (package managers' `pkg set` edit manifests, not agents' settings). */
const CONFIG_EDITORS = new Set([
  ...[...EDITORS].filter((name) => !PACKAGE_MANAGERS.has(name)),
  "dasel",
  "crudini",
  "toml",
  "tomlq",
  "plutil",
  "defaults",
]);
/** A switch that, set on, lets the agent act without asking. */
const APPROVE_ON =
  /(?:^|[\s."'/[])(?:autoAccept|auto_?accept|auto-accept|autoApprove|auto_approve|auto-approve|yolo|yoloMode|alwaysAllow|always_allow|yesAlways|yes_always|yes-always|autoRun|auto_run|autoExecute|skipPermissions|dangerouslySkipPermissions|enableAllProjectMcpServers|trustAllTools|trust_all_tools|executeAllCommands)["'\]]?\s*(?:[:=]\s*|\s+)["']?(?:true|yes|on|1|always)\b/i;
/** A guard setting set to let everything through. */
const GUARD_OFF =
  /(?:^|[\s."'/[])(?:sandbox|sandbox_mode|sandboxMode|approval_policy|approvalPolicy|approval[_-]mode|approvalMode|defaultMode|permission_mode|permissionMode|requireApproval|require_approval|confirm\w*)["'\]]?\s*(?:[:=]\s*|\s+)["']?(?:false|no|off|none|never|0|disabled|danger-full-access|bypassPermissions|yolo|full-auto)\b/i;

/** The test judgeAgentGuardCommands's segment loop starts with (a gate of `bypassed_safeguards.ts`). */
export const switchesGuardsWith = (program: string): boolean =>
  AGENT_CLIS.has(program) || CONFIG_EDITORS.has(program);

export function judgeAgentGuardCommands(
  tool: string,
  segments: readonly Segment[],
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!AGENT_CLIS.has(segment.program) && !CONFIG_EDITORS.has(segment.program)) continue;
    const text = segment.argv.slice(1).join(" ");
    if (text.length > 16 * 1024) continue;
    // An editor's `sandbox=false` may be a payment gateway's: guard settings count in an agent's config file only.
    const agentFile = AGENT_CLIS.has(segment.program) ||
      segment.argv.slice(1).some((word) => AGENT_INSTRUCTIONS.test(word));
    const match = APPROVE_ON.exec(text) ?? (agentFile ? GUARD_OFF.exec(text) : null);
    if (match) {
      findings.escalate(
        "delegation",
        `"${tool}" switches an agent's approvals or sandbox off ("${match[0].trim().slice(0, 60)}")`,
      );
      return;
    }
  }
}
