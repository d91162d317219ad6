/** Secrets in an outbound message by label (round 12): `API key for staging: sk-live-...`, `token=9f8e...`,
 * `password: ...` followed by a value of key-like shape (long, mixing letters and digits, or a known key prefix).
 * Placeholders (`$TOKEN`, `<your key>`, `***`) and words (`see vault`) are not values. */

import type { Findings } from "./findings.ts";
import { variableSecret } from "./variable_secrets.ts";
import { matchesOf } from "../match_all.ts";

/** A label naming a secret, up to three words of context (`API key for staging`), then `:`/`=`/`is`. */
const LABELLED =
  /\b(?:api[ _-]?key|secret(?:[ _-]?key)?|access[ _-]?(?:key|token)|auth[ _-]?token|bearer|token|password|passwd|pwd|client[ _-]?secret|private[ _-]?key|credentials?)\b(?:[ \t]+[\w-]{1,20}){0,3}?[ \t]*(?::|=|\bis\b)[ \t]*["'`]?([^\s"'`,;]{6,200})/gi;
/** Prefixes of published key formats (Stripe, OpenAI, Slack, GitHub, GitLab, AWS, Google, SendGrid, Twilio). */
const KEY_PREFIX =
  /^(?:sk|pk|rk)[-_](?:live|test|proj)?|^(?:sk|pk)-|^xox[abpr]-|^gh[pousr]_|^glpat-|^AKIA|^AIza|^SG\.|^AC[0-9a-f]{8}/i;
const PLACEHOLDER =
  /^(?:\$\{?\w+\}?|%\w+%|<[^>]*>|\{\{?[^}]*\}?\}|\*+|x{4,}|\.{3,}|redacted|hidden|changeme)$/i;

/** Whether a value looks like a key rather than a word: a known prefix, or 16+ characters mixing letters and
 * digits. */
export function keyLike(value: string): boolean {
  if (PLACEHOLDER.test(value)) return false;
  if (KEY_PREFIX.test(value)) return true;
  return value.length >= 16 && /\d/.test(value) && /[a-z]/i.test(value) && !/^\d{4}-\d\d-\d\d/.test(value);
}

export function labelledSecret(text: string): string | undefined {
  if (text.length > 256 * 1024) return undefined;
  for (const match of matchesOf(LABELLED, text)) {
    if (keyLike(match[1])) return match[0].slice(0, match[0].length - match[1].length).trim();
  }
  return variableSecret(text);
}

export function judgeLabelledSecrets(tool: string, texts: readonly string[], findings: Findings): void {
  const label = labelledSecret(texts.join("\n"));
  if (label !== undefined) {
    findings.escalate(
      "message",
      `"${tool}" sends a secret labelled "${label.slice(0, 40)}" with a key-like value`,
    );
  }
}
