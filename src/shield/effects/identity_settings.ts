/** Identity-provider settings weakened (round 57): sign-ups confirmed without e-mail, anonymous users enabled, MFA
 * switched off, e-mail verification or brute-force protection off, the password policy dropped or its minimum length
 * under 8, tokens or sessions made to last a month or more -- in the settings objects of Supabase, Auth0, Cognito,
 * Firebase/Identity Platform, Keycloak and Okta tools, and by `kcadm.sh update ... -s key=value` and `aws cognito-idp
 * ... --mfa-configuration OFF`. Reads, an hour-long JWT and settings turned on pass. Sources: Supabase Management API
 * auth config (`mailer_autoconfirm`, `external_anonymous_users_enabled`, `jwt_exp`); Auth0 Management API
 * connections (`passwordPolicy`, `brute_force_protection`); AWS Cognito SetUserPoolMfaConfig; Identity Platform
 * projects.updateConfig; Keycloak realm representation; Okta sign-on policy rules; OWASP ASVS V2. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { changesByName } from "./changing_names.ts";

const ON = /^(?:true|on|enabled?|yes|1)$/i;
const OFF = /^(?:false|off|disabled?|no|none)$/i;
/** Thirty days, in the unit a key names. */
const MONTH: ReadonlyMap<string, number> = new Map([["minutes", 43200], ["hours", 720], ["days", 30], [
  "seconds",
  2592000,
]]);

/** One setting, its key flattened with its parent's (`mfa.state` -> `mfastate`), judged by its value. */
function weakening(key: string, value: unknown): string | undefined {
  const text = String(value).trim();
  if (/(?:auto_?confirm|autoverif)/.test(key) && ON.test(text)) {
    return "confirms sign-ups without verification";
  }
  if (/anonymous/.test(key) && /(?:enabled?|users|signin)$/.test(key) && ON.test(text)) {
    return "enables anonymous users";
  }
  if (
    /(?:mfa|factor|2fa|twofactor|otp)/.test(key) && !/(?:remember|count|name|type$)/.test(key) &&
    OFF.test(text)
  ) {
    return "turns multi-factor authentication off";
  }
  if (/(?:verifyemail|emailverif|requireverified)/.test(key) && OFF.test(text)) {
    return "turns e-mail verification off";
  }
  if (/bruteforce/.test(key) && OFF.test(text)) return "turns brute-force protection off";
  if (/^(?:passwordpolicy|passwordstrength)$/.test(key) && /^(?:none|low)$/i.test(text)) {
    return "drops the password policy";
  }
  if (/password.*min(?:imum)?_?length|min(?:imum)?_?length/.test(key) && /password/.test(key)) {
    const length = Number(text);
    if (Number.isFinite(length) && length < 8) return "lowers the minimum password length";
  }
  if (/(?:jwt|token|session)/.test(key) && /(?:exp|lifetime|lifespan|ttl|timeout|idle)/.test(key)) {
    if (/refresh/.test(key)) return undefined;
    const unit = /minutes?$/.test(key)
      ? "minutes"
      : /hours?$/.test(key)
      ? "hours"
      : /days?$/.test(key)
      ? "days"
      : "seconds";
    const amount = Number(text);
    if (Number.isFinite(amount) && amount >= (MONTH.get(unit) ?? Infinity)) {
      return "makes tokens or sessions last a month or more";
    }
  }
  return undefined;
}

/** A key in one spelling: top-level argument names reach the checks in snake case (`verify_email`). */
const flat = (key: string) => key.toLowerCase().replace(/[-\s._]/g, "");

function walk(value: unknown, parent: string, depth: number): string | undefined {
  if (depth > 5 || value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 64)) {
    const name = parent + flat(key);
    if (inner !== null && typeof inner === "object") {
      const found = walk(
        inner,
        /(?:mfa|factor|anonymous|password|session|token)/.test(flat(key)) ? name : "",
        depth + 1,
      );
      if (found) return found;
    } else if (typeof inner === "boolean" || typeof inner === "number" || typeof inner === "string") {
      const found = weakening(name, inner);
      if (found) return found;
    }
  }
  return undefined;
}

export function judgeIdentitySettings(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  // Only a tool named to change settings (`supabase_update_auth_config`); `get_settings` reads them.
  if (!changesByName(tool)) return;
  const found = walk(payload, "", 0);
  if (found) findings.escalate("security", `"${tool}" ${found}`);
}

/** `kcadm.sh update realms/... -s key=value` and `aws cognito-idp` MFA settings. */
export function judgeIdentityCommands(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    const argv = segment.argv;
    let found: string | undefined;
    if (/^kcadm(?:\.sh)?$/.test(segment.program) && argv[1] === "update") {
      for (let i = 2; i < argv.length && !found; i++) {
        if (argv[i] !== "-s" && argv[i] !== "--set") continue;
        const [key, value] = (argv[i + 1] ?? "").split("=", 2);
        if (value !== undefined) found = weakening(flat(key), value);
      }
    } else if (segment.program === "aws" && argv[1] === "cognito-idp") {
      const at = argv.indexOf("--mfa-configuration");
      if (at > 0 && OFF.test(argv[at + 1] ?? "")) found = "turns multi-factor authentication off";
    }
    if (found) {
      findings.escalate("security", `"${segment.program}" ${found}`);
      return;
    }
  }
}
