/** Hand-offs with nothing said to an agent named for elevated power (round 56): OpenAI Swarm and Agents SDK hand-offs
 * (`transfer_to_admin_agent {}`), a `handoff` tool's `target_agent: "root_admin_agent"` with an empty input. A hand-off
 * carries the conversation to an agent with other tools; one to an admin, root, privileged, superuser or security
 * agent with no reason is what an injected page asks for to reach those tools, and a human should see it. A hand-off
 * with its reason, and empty hand-offs to docs, triage or test agents pass (money agents are read by the open-world
 * words already).
 * Sources: OpenAI Swarm (`transfer_to_<agent>` functions); OpenAI Agents SDK handoffs; OWASP Top 10 for Agentic
 * Applications (2025), privilege compromise through delegation. */

import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";

const HANDOFF_TOOL = /(?:^|_)(?:transfer|handoff|hand_off|delegate|route|switch|escalate)_to_(\w+)$/i;
/** A tool named for handing over, whose target is an argument (`handoff {target_agent}`). */
const HANDING_TOOL = /(?:^|_)(?:handoff|hand_off|transfer|delegate)(?:_to)?(?:_agent)?(?:_v?\d\w*)?$/i;
const AGENT_KEY = /^(?:to_?agent|target_?agent|agent|agent_?name|recipient_?agent|to)$/i;
/** An agent named for power over the system, its users or its protections. */
const ELEVATED =
  /(?:^|[_-])(?:admin(?:istrator)?|root|super_?user|sudo|privileged|elevated|security|iam)(?:[_-]|$)/i;

export function judgeElevatedHandoffs(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  // `transferToAdminAgent`, `transfer-to-admin-agent`, `mcp__swarm__transfer_to_admin_agent`: one spelling.
  const name = tool.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9_]+/g, "_").toLowerCase();
  const named = HANDOFF_TOOL.exec(name)?.[1]?.replace(/_v?\d\w*$/, "");
  if (named === undefined && !HANDING_TOOL.test(name)) return;
  const strings = payloadStrings(payload);
  const target = named ?? strings.find((entry) => AGENT_KEY.test(entry.key))?.value;
  if (target === undefined || target.length > 64 || !ELEVATED.test(target)) return;
  // What was said: words under any other key (a padded `locale: "en-US"` or an id says nothing).
  const said = strings.some((entry) => !AGENT_KEY.test(entry.key) && /\S\s+\S/.test(entry.value.trim()));
  if (said) return;
  findings.escalate(
    "delegation",
    `"${tool}" hands the conversation to "${target}", an agent named for elevated power, with no reason given`,
  );
}
