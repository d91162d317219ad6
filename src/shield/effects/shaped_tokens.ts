/** Tokens that have a service's shape but not its canonical length (round 21): `ghp_` and 33 characters, a
 * `glpat-` of 25, an `sk-proj-` of 28, heading to a host that is not allowed, in a body, a query dict (`params`,
 * `query`) or the address itself. The canonical forms are the Tier 1 token rules' job (they BLOCK); a near form
 * is credential material all the same (a truncated, padded or invented-looking token still unlocks, or is probed
 * for), so it is escalated. Every host the action reaches counts (a GET's query carries data out too); a canonical
 * token found here escalates as well, under the rules' BLOCK where they match. Placeholders (`ghp_xxxx…`, `sk-…REDACTED`) carry no digits and pass. */

import type { Findings } from "./findings.ts";
import type { HostReading } from "./hosts.ts";
import type { ActionView } from "../action_view.ts";
import { textsOf } from "./egress_effects.ts";

const SHAPED =
  /\b(?:gh[pousr]_|github_pat_|glpat-|sk-(?:proj-|ant-|live-)?|xox[baprs]-|hf_|npm_|AKIA|ASIA|AIza|[rs]k_(?:live|test)_|SG\.)([A-Za-z0-9_-]{16,})/g;
const PREFIX_HINT = /gh[pousr]_|github_pat_|glpat-|sk-|xox|hf_|npm_|AKIA|ASIA|AIza|k_live_|k_test_|SG\./;

/** A body that reads as random: digits and letters of both cases or many digits, not one repeated character. */
function randomBody(body: string): boolean {
  const digits = body.replace(/[^0-9]/g, "").length;
  const upper = /[A-Z]/.test(body);
  const lower = /[a-z]/.test(body);
  return digits >= 2 && (upper || lower) && new Set(body).size >= 8;
}

/** Whether the text holds a token-shaped value whose body reads as random (a placeholder `sk_live_xxxx…` does not). */
export function holdsShapedToken(text: string): boolean {
  if (!PREFIX_HINT.test(text)) return false;
  for (const match of text.matchAll(SHAPED)) {
    if (randomBody(match[1])) return true;
  }
  return false;
}

export function judgeShapedTokens(view: ActionView, hosts: readonly HostReading[], findings: Findings): void {
  if (!hosts.some((host) => !host.allowed && !host.loopback)) return;
  const tool = view.tool;
  const texts = [...textsOf(view, "outbound", "query", "content"), ...view.urls];
  for (const text of texts.slice(0, 32)) {
    if (text.length < 20 || text.length > 16 * 1024 || !holdsShapedToken(text)) continue;
    findings.escalate("network", `"${tool}" sends a token-shaped value to an outside host`);
    return;
  }
}
