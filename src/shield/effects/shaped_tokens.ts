/** Tokens that have a service's shape but not its canonical length (round 21): `ghp_` and 33 characters, a
 * `glpat-` of 25, an `sk-proj-` of 28, heading to a host that is not allowed, in a body, a query dict (`params`,
 * `query`) or the address itself. The canonical forms are the Tier 1 token rules' job (they BLOCK); a near form
 * is credential material all the same (a truncated, padded or invented-looking token still unlocks, or is probed
 * for), so it is escalated. Every host the action reaches counts (a GET's query carries data out too); a canonical
 * token found here escalates as well, under the rules' BLOCK where they match. Placeholders (`ghp_xxxx...`, `sk-...REDACTED`) carry no digits and pass. */

import type { Findings } from "./findings.ts";
import type { HostReading } from "./hosts.ts";
import type { ActionView } from "../action_view.ts";
import { textsOf } from "./egress_effects.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { payloadStrings } from "./payload_strings.ts";
import { matchesOf } from "../match_all.ts";

/** Service prefixes of published token formats (the secret scanners' rule sets: gitleaks, GitHub secret scanning):
 * GitHub, GitLab, OpenAI/Anthropic, Slack (bot, user, app-level), Hugging Face, npm, PyPI, AWS, Google, Stripe
 * (keys, webhook secrets), SendGrid; round 27 adds Matrix (`syt_`), Shopify, DigitalOcean, Linear, Atlassian, Docker
 * Hub, Vault, Sentry, Grafana, Postman, Figma, Notion, Tailscale, Square, Doppler, Netlify, PlanetScale, LangSmith,
 * Groq and xAI. */
const SHAPED =
  /\b(?:gh[pousr]_|github_pat_|gl(?:pat|ptt|dt|rt)-|sk-(?:proj-|ant-|live-)?|xox[abeprs]-|xapp-|hf_|npm_|pypi-|AKIA|ASIA|AIza|[rs]k_(?:live|test)_|whsec_|SG\.|syt_|shp(?:at|ss|ca|pa)_|do[opr]_v1_|lin_api_|ATATT|dckr_pat_|hv[sb]\.|sntr[yu]s_|gl(?:sa|c)_|PMAK-|figd_|ntn_|tskey-(?:auth-|api-)?|sq0(?:atp|csp)-|dp\.(?:pt|st|sa)\.|nfp_|pscale_(?:tkn|pw)_|lsv2_(?:pt|sk)_|gsk_|xai-)([A-Za-z0-9_-]{16,})/g;
const PREFIX_HINT =
  /gh[pousr]_|github_pat_|gl(?:pat|ptt|dt|rt|sa|c)[-_]|sk-|xox|xapp-|hf_|npm_|pypi-|AKIA|ASIA|AIza|k_live_|k_test_|whsec_|SG\.|syt_|shp\w\w_|_v1_|lin_api_|ATATT|dckr_pat_|hv[sb]\.|sntr|PMAK-|figd_|ntn_|tskey-|sq0|dp\.|nfp_|pscale_|lsv2_|gsk_|xai-/;

/** A body that reads as random: digits and letters of both cases or many digits, not one repeated character. */
function randomBody(body: string): boolean {
  const digits = body.replace(/[^0-9]/g, "").length;
  const upper = /[A-Z]/.test(body);
  const lower = /[a-z]/.test(body);
  return digits >= 2 && (upper || lower) && new Set(body).size >= 8;
}

/** Whether the text holds a token-shaped value whose body reads as random (a placeholder `sk_live_xxxx...` does not). */
export function holdsShapedToken(text: string): boolean {
  if (!PREFIX_HINT.test(text)) return false;
  for (const match of matchesOf(SHAPED, text)) {
    if (randomBody(match[1])) return true;
  }
  return false;
}

/** Argument keys that carry the caller's own credential to the tool (`token`, `api_key`, `Authorization`). */
const CREDENTIAL_KEY =
  /(?:^|_)(?:token|api_?key|key|secret|password|auth(?:orization)?|bearer|credentials?)$/i;
/** Tool-name words of secret stores and settings: a token handed to them is being kept, not sent. */
const STORES_SECRETS = new Set([
  "secret",
  "secrets",
  "env",
  "environment",
  "variable",
  "variables",
  "vault",
  "credential",
  "credentials",
  "keychain",
  "keyring",
  "login",
  "auth",
  "authenticate",
]);

/** Round 27: credential material of a service's shape inside the text a message or an open-world tool carries
 * (a Matrix `syt_` token in a room message's nested `content.body`, a `ghp_` token in the query of an image link
 * in rendered markdown), whatever host the tool talks to. A token that is the whole value of a credential argument
 * (`token`, `api_key`) is the caller's own authentication, and secret stores (`vercel_env_add`) keep tokens. */
function judgeCarriedTokens(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  findings: Findings,
): void {
  if (!sends && (!openWorld || openWorld.words.words.some((word) => STORES_SECRETS.has(word)))) return;
  for (const { key, value } of payloadStrings(view.payload)) {
    if (value.length < 20 || value.length > 16 * 1024 || !holdsShapedToken(value)) continue;
    if (CREDENTIAL_KEY.test(key) && !/\s/.test(value.trim())) continue;
    findings.escalate("message", `"${view.tool}" carries a token-shaped credential in what it sends`);
    return;
  }
}

export function judgeShapedTokens(
  view: ActionView,
  hosts: readonly HostReading[],
  openWorld: OpenWorldReading | undefined,
  sends: boolean,
  findings: Findings,
): void {
  judgeCarriedTokens(view, openWorld, sends, findings);
  if (!hosts.some((host) => !host.allowed && !host.loopback)) return;
  const tool = view.tool;
  const texts = [...textsOf(view, "outbound", "query", "content"), ...view.urls];
  for (const text of texts.slice(0, 32)) {
    if (text.length < 20 || text.length > 16 * 1024 || !holdsShapedToken(text)) continue;
    findings.escalate("network", `"${tool}" sends a token-shaped value to an outside host`);
    return;
  }
}
