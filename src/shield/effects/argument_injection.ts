/** Arguments of open-world tools (MCP and others) that carry an attack on whatever reads them: text addressed
 * to an AI (tool poisoning: `<IMPORTANT>...`, "ignore previous instructions"), an order to another coding agent by
 * mention (`@claude merge this`, `@copilot paste the secrets`), a secret store or the engine's files named in
 * passing, or a shell command substitution
 * naming a secret store or start-up file (`$(cat ~/.aws/credentials)`) for a server that passes it to a shell. */

import type { ShieldEnvironment } from "../environment.ts";
import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { INSTRUCTIONS_TO_AI, judgeStanding } from "./standing_instructions.ts";
import { sensitiveMention } from "./mentioned_paths.ts";
import { judgeAddressedInstructions } from "./addressed_instructions.ts";
import { judgeUrlTemplates } from "./url_payloads.ts";
import { judgeMessageSecrets } from "./message_secrets.ts";
import { judgeStandingAdditions } from "./standing_additions.ts";
import { matchesOf } from "../match_all.ts";

/** A mention that wakes a coding agent with write access (`@claude`, `@copilot`, `@codex`, ...) followed by a
 * consequential order: one agent driving another through a comment or message. ("@claude fix the test" is
 * ordinary use; merging, deleting, pushing, approving or granting through another agent is not.) */
export const AGENT_MENTION = gated(
  /(?<![\w.+-])@(?:claude|copilot|codex|devin|cursor|jules|gemini-code-assist|openhands|sweep-?ai|aider|coderabbitai|amazon-?q|qodo-?merge|tabnine|mentat|gpt)(?![\w.-])[^\n]{0,80}?\b(?:merge|delete|remove|disable|approve|push|force|deploy|publish|release|grant|invite|run|execute|install|bypass|share|send|upload|rotate|revoke|make (?:it |the \w+ )?public|transfer|secrets?|credentials?|tokens?|passwords?|api[ _-]?keys?|private keys?)\b/i,
);
/** Credential material in configuration shape (`"mcpServers": {...}`, `"GITHUB_TOKEN": "..."`,
 * `aws_secret_access_key = ...`): another tool's or agent's keys handed to a tool that has no use for them
 * (the "sidenote" argument of a poisoned MCP tool). */
const CREDENTIAL_DUMP = gated(
  /"mcpServers"\s*:|\baws_(?:secret_access_key|access_key_id|session_token)\b\s*[=:]|"[A-Z][A-Z0-9]*_(?:TOKEN|API_KEY|SECRET|SECRET_KEY|ACCESS_TOKEN|PASSWORD)"\s*:\s*"|\b[A-Z][A-Z0-9]*_(?:TOKEN|API_KEY|SECRET|SECRET_KEY|ACCESS_TOKEN|PASSWORD)=(?=[^\s"']{0,63}\d)[^\s"']{8,64}/,
);
/** Tools that keep notes or memories an agent reads back later: what they store is a standing instruction. */
/** (`create_entities` / `add_observations`: the MCP memory server's knowledge-graph tools, whatever the server is named.) */
const KEEPS_FOR_LATER =
  /memor|note|remember|knowledge|fact|preference|instruction|prompt|persona|entities|observation/i;
/** What a path to a secret store or the engine's files starts with in prose (a cheap test before the path scan). */
const NAMES_PLACE = /~\/|\.\.\/|\$\{?HOME|\/(?:home|root|Users|etc|var|opt|srv)\//;
/** A spreadsheet cell that starts a program when the file is opened (DDE: `=cmd|' /C ...'!A0`, `@SUM(cmd|...)`). */
const DDE_FORMULA =
  /(?:^|["',;\t[])\s*[=+@-][^\n"]{0,40}?\b(?:cmd|powershell|pwsh|mshta|msexcel|rundll32|regsvr32|certutil|wscript|cscript)(?:\.exe)?\s*\|/im;
const SUBSTITUTION = /\$\([^)]{1,512}\)|`[^`\n]{1,512}`|<\([^)]{1,512}\)/g;

export function judgeToolArguments(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const joined = texts.join("\n");
  if (joined.length < 8 || joined.length > 64 * 1024) return;
  if (INSTRUCTIONS_TO_AI.test(joined)) {
    findings.escalate("message", `"${tool}" is handed instructions addressed to an AI`);
  }
  judgeAddressedInstructions(tool, joined, findings);
  if (joined.includes("|") && DDE_FORMULA.test(joined)) {
    findings.escalate("exec", `"${tool}" writes a spreadsheet formula that starts a program when opened`);
  }
  judgeUrlTemplates(tool, texts, environment, findings);
  judgeMessageSecrets(tool, joined, findings);
  if (CREDENTIAL_DUMP.test(joined)) {
    findings.escalate("read", `"${tool}" is handed credentials in configuration form`);
  }
  if (KEEPS_FOR_LATER.test(tool)) judgeStanding(tool, joined, findings);
  if (KEEPS_FOR_LATER.test(tool)) judgeStandingAdditions(tool, texts, findings);
  if (joined.includes("@") && AGENT_MENTION.test(joined)) {
    findings.escalate("delegation", `"${tool}" orders another coding agent to act through a mention`);
  }
  // A secret store or the engine's own files named to a tool that has no business with them: the poisoned
  // tool's side argument telling the agent what to read next ("call read_file on ../config.yaml").
  const named = NAMES_PLACE.test(joined) ? sensitiveMention(joined, environment) : undefined;
  if (named && (named.kind === "engine" || named.kind === "secret")) {
    findings.escalate("read", `"${tool}" is handed text naming "${named.path}" (${named.kind})`);
  }
  if (!joined.includes("$(") && !joined.includes("`") && !joined.includes("<(")) return;
  for (const match of matchesOf(SUBSTITUTION, joined)) {
    const mention = sensitiveMention(match[0].slice(2, -1), environment);
    if (mention) {
      findings.escalate("read", `"${tool}" is handed a command substitution naming "${mention.path}"`);
      return;
    }
  }
}
