/** Requests that ask the human for credentials (round 66): an MCP server's `elicitation/create` (or a sampling
 * request) whose message or form asks for a password, an MFA or one-time code, recovery or backup codes, a seed
 * phrase, a private key, a PIN or TAN, or card data -- the MCP specification says servers MUST NOT request
 * sensitive information through elicitation -- and any tool through which the agent asks the user the same
 * (`AskUserQuestion`, `request_user_input`, `human_input`, `ask_user`, a client's `elicit` tool). Read in the
 * schema's property names (`password`, `otp`, `seed_phrase`, `cardNumber`, `cvc`, `passwort`) and in the message
 * when a verb asks for the secret ("enter your SSO password", "paste your recovery codes", "geben Sie Ihr Passwort
 * ... ein"). An elicitation or sampling request is blocked; an agent's own question is escalated. A project name, a
 * username, a yes/no confirmation, and a question that merely names a password page pass. Sources: MCP
 * specification 2025-06-18, elicitation (security considerations); Unit 42 on MCP sampling attacks (2025). */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const PROTOCOL_REQUEST = /^(?:elicitation\/create|sampling\/create_?message)$/i;
const ASKING_TOOL =
  /elicit|ask_?user|askuserquestion|ask_?human|request_?user_?input|user_?input|human_?input|prompt_?user|get_?input_?from_?user/i;
/** Secrets, as a property name (split into words) or a message says them. */
const SECRET =
  /\b(?:passwords?|passwort|passphrase|contrase(?:ñ|n)a|mot de passe|pin|tan|mfa|2fa|otp|totp|one[- ]time (?:code|password|passcode)|(?:verification|security|authenticator|auth|login|sms|2fa|mfa) codes?|b(?:e|ä|ae)st(?:ä|ae|a)tigungscode|recovery (?:codes?|phrase|key)|backup codes?|seed(?: phrase| words)?|mnemonic|(?:secret )?recovery phrase|private keys?|card ?numbers?|cvc|cvv|csc|security code|api keys?|access tokens?|secret keys?|sso password)\b/i;
/** Round 72: "the server needs your ... token" asks as plainly as "enter your ... token" (a need stated with "your"). */
const ASKS =
  /\b(?:enter|type|paste|provide|confirm|re-?enter|give|share|send|input|submit|fill in|add|supply|geben|eingeben|tell|(?:needs?|requires?|requests?|wants?)\s+your)\b[^.?!\n]{0,60}$/i;
const MAX_TEXTS = 48;

function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
}

function collect(
  value: unknown,
  key: string,
  into: { names: string[]; texts: string[] },
  depth: number,
): void {
  if (depth > 6 || into.texts.length + into.names.length > MAX_TEXTS) return;
  if (typeof value === "string") {
    if (value.length > 0 && value.length < 2000 && !/^(?:type|format)$/i.test(key)) into.texts.push(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 16)) collect(item, key, into, depth + 1);
    return;
  }
  if (!value || typeof value !== "object") return;
  for (const [name, inner] of Object.entries(value).slice(0, 32)) {
    if (/^properties$/i.test(name) && inner && typeof inner === "object" && !Array.isArray(inner)) {
      into.names.push(...Object.keys(inner).slice(0, 32).map(words));
    }
    if (/^(?:field|field_?name|name)$/i.test(name) && typeof inner === "string" && inner.length < 60) {
      into.names.push(words(inner));
    }
    collect(inner, name, into, depth + 1);
  }
}

/** SECRET's every match, made once (speed round 34: a copy made per call compiled again after each full garbage collection). */
const SECRET_ALL = new RegExp(SECRET.source, "gi");

function asksForSecret(texts: readonly string[]): boolean {
  for (const text of texts) {
    for (const match of matchesOf(SECRET_ALL, text)) {
      if (ASKS.test(text.slice(Math.max(0, match.index! - 60), match.index!))) return true;
    }
  }
  return false;
}

export function judgeCredentialRequests(
  tool: string,
  type: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const protocol = PROTOCOL_REQUEST.test(type) || PROTOCOL_REQUEST.test(tool);
  if (!protocol && !ASKING_TOOL.test(tool)) return;
  const into = { names: [] as string[], texts: [] as string[] };
  collect(payload, "", into, 0);
  const named = into.names.some((name) => SECRET.test(name));
  if (!named && !asksForSecret(into.texts)) return;
  if (protocol) findings.block("message", `"${tool}" asks the user for passwords, codes or keys`);
  else findings.escalate("message", `"${tool}" asks the user for passwords, codes or keys`);
}
