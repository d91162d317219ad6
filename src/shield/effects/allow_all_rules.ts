/** Rules files of an agent firewall written to let everything through (round 53): a learned-rules, policy or
 * approvals file under a folder or name of Parapet, a shield, guardrails or an agent firewall whose entries allow
 * whatever matches anything (`[{"match": {"type": "*"}, "decision": "allow"}]`, `default: allow`,
 * `tools: ["*"]` with `action: approve`). The engine's own control files are judged as such (path_classes.ts);
 * this reads the same intent in copies and look-alikes an agent may be pointed at. A rule that allows one named
 * action passes. Sources: MITRE ATT&CK T1562.001 Impair Defenses; OWASP LLM06 Excessive Agency. */

import type { Findings } from "./findings.ts";

/** A folder or file name of an agent firewall's configuration. */
const FIREWALL_FILE =
  /(?:^|\/)\.?(?:parapet|shield|guardrails?|agent[-_]?firewall|llm[-_]?guard)[^/]*\/(?:[^/]+\/)*[^/]+\.(?:json|ya?ml|toml)$|(?:^|\/)[^/]*(?:parapet|shield|guardrail|agent[-_]?firewall)[^/]*\.(?:json|ya?ml|toml)$/i;
/** An entry's decision that lets an action through. */
const ALLOWS =
  /["']?\b(?:decision|action|verdict|effect|mode|default(?:_?(?:decision|action|verdict))?)["']?\s*[:=]\s*["']?(?:allow|approve|accept|auto(?:_?approve)?)\b/i;
/** A match on anything: `"*"`, `".*"`, `"**"`. */
const MATCHES_ALL =
  /["']?\b(?:type|types|tool|tools|match|pattern|patterns|command|commands|name|action_type|target)["']?\s*[:=]\s*\[?\s*["'](?:\*|\.\*|\*\*)["']/i;
/** A default that needs no match at all. */
const DEFAULT_ALLOWS =
  /["']?\bdefault(?:_?(?:decision|action|verdict))?["']?\s*[:=]\s*["']?(?:allow|approve|accept)\b/i;

export function judgeAllowAllRules(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const path = paths.find((each) => FIREWALL_FILE.test(each));
  if (path === undefined) return;
  for (const content of contents.slice(0, 16)) {
    if (content.length > 256 * 1024) continue;
    if (DEFAULT_ALLOWS.test(content) || (ALLOWS.test(content) && MATCHES_ALL.test(content))) {
      findings.escalate("engine", `"${path}" is written to allow every action`);
      return;
    }
  }
}
