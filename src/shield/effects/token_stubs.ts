import { matchesOf } from "../match_all.ts";
/** The head of a service token, cut short (round 60): `sk_live_51H8xKj4...`, `ghp_8fK2mQ9xT4...`, `AKIAQ3EGT7W2`. A
 * quoted, elided or truncated live key is credential material all the same where it is carried out or served: the
 * full form is the token rules' job, the near form (16 characters and more) `shaped_tokens.ts`'; this one needs a
 * prefix of a secret (never a publishable `pk_live_` or Stripe's documented `sk_test_`) and a body of six characters
 * or more that reads as random (digits and letters, not a placeholder's `XXXX` or `...`).
 * Sources: gitleaks and GitHub secret-scanning prefixes; Aim Labs, EchoLeak (2025) and Legit Security, CamoLeak
 * (2025): image addresses carrying secrets; Stripe docs, API keys (publishable keys are public). */

const STUB =
  /(?:^|[^A-Za-z0-9])(?:gh[pousr]_|github_pat_|glpat-|sk-(?:proj-|ant-)?|[rs]k_live_|xox[abpe]-|AKIA|ASIA|hf_|npm_|pypi-|AIza|dckr_pat_|lsv2_(?:pt|sk)_|whsec_)([A-Za-z0-9_-]{6,})/g;

/** A body that reads as random: two digits or more, a letter, six different characters. */
function randomBody(body: string): boolean {
  let digits = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) digits++;
  }
  return digits >= 2 && /[A-Za-z]/.test(body) && new Set(body).size >= 6;
}

/** Whether the text holds the head of a secret token (any length from six characters of body). */
export function holdsTokenStub(text: string): boolean {
  if (text.length > 256 * 1024) text = text.slice(0, 256 * 1024);
  for (const match of matchesOf(STUB, text)) {
    if (randomBody(match[1])) return true;
  }
  return false;
}
