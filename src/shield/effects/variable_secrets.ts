/** Secrets labelled the way configuration writes them (round 15): an environment-variable name ending in a secret
 * word (`SERVICE_ROLE_KEY=...`, `DB_PASSWORD=...`, `ADMIN_SECRET: ...`) -- the `_` joins the words, so the label list of
 * `labelled_secrets.ts` never saw them -- and the pre-shared keys of VPNs and Wi-Fi (`psk = ...`, "WPA2 pre-shared
 * key: ...", "shared key: ..."), whose values are short. Sources: GitGuardian, State of Secrets Sprawl 2024 (secrets
 * pasted into Slack, Teams and Jira); Supabase docs (the service_role key must never be shared). */

import { matchesOf } from "../match_all.ts";

/** An upper-case variable name whose last part names a secret, then `=` or `:`, then the value. */
const VARIABLE =
  /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|PASS|PWD|PSK|CREDENTIALS?|PASSPHRASE)\s*[=:]\s*["'`]?([^\s"'`,;]{6,400})/g;
/** A pre-shared key or passphrase by name (a few words of context allowed), then `:`, `=` or "is". */
const SHARED =
  /\b(?:psk|pre[- ]?shared[ _-]?key|shared[ _-]?(?:key|secret)|wpa2?[ _-]?(?:key|passphrase)|passphrase)\b(?:[ \t]+[\w-]{1,20}){0,2}?[ \t]*(?::|=|\bis\b)[ \t]*["'`]?([^\s"'`,;]{6,200})/gi;
const PLACEHOLDER =
  /^(?:\$\{?\w+\}?|%\w+%|<[^>]*>|\{\{?[^}]*\}?\}|\*+|x{4,}|\.{3,}|redacted|hidden|changeme|your[-_]\w+|none|null|true|false)$/i;

/** A value that is a key, not a word: letters and digits mixed (8+ characters), or a long unbroken token. */
function secretValue(value: string): boolean {
  if (PLACEHOLDER.test(value) || /^(?:in|on|at|the|from|see)$/i.test(value)) return false;
  if (value.length >= 8 && /\d/.test(value) && /[a-z]/i.test(value)) return true;
  return value.length >= 20 && /^[\w.+/=-]+$/.test(value);
}

/** The label of the first secret written as a variable assignment or a pre-shared key, if any. */
export function variableSecret(text: string): string | undefined {
  if (text.length > 256 * 1024) return undefined;
  for (const pattern of [VARIABLE, SHARED]) {
    for (const match of matchesOf(pattern, text)) {
      if (secretValue(match[1])) return match[0].slice(0, match[0].length - match[1].length).trim();
    }
  }
  return undefined;
}
