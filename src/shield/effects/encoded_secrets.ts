/** Secrets carried encoded in what a call sends (round 54): a base64 or hex value of a sending tool's field
 * (`icmp_send {payload_hex}`, `udp_send {data_b64}`, `send_message {body_base64}`) or of a query parameter of an
 * image or link it renders or posts (`![status](https://camo.../ab12?d=QVdTX1NFQ1JFVF9BQ0NFU1NfS0VZPXdK...)`: EchoLeak,
 * CamoLeak), decoded and read: a secret variable assigned (`AWS_SECRET_ACCESS_KEY=...`, however short the chunk), a
 * labelled password or key, or a private key header. The host that receives the field or the address receives the
 * secret. Encoded data that is no secret (a chart's config, a probe pattern, a badge token of `example`) passes.
 * Sources: Aim Labs, EchoLeak (CVE-2025-32711, 2025); Legit Security, CamoLeak (2025); MITRE ATT&CK T1048.003,
 * T1132.001. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { payloadStrings } from "./payload_strings.ts";
import { matchesOf } from "../match_all.ts";

const BASE64 = /^[A-Za-z0-9+/_-]{12,}={0,2}$/;
const HEX = /^(?:[0-9a-fA-F]{2}){8,}$/;
/** A secret in decoded text: a secret-named variable assigned, a labelled credential, a private key header. */
const SECRET_TEXT =
  /\b[A-Z][A-Z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)[A-Z0-9_]*\s*[=:]\s*\S|\b(?:password|passwd|secret|token|api[_ -]?key|access[_ -]?key|private[_ -]?key)\s*[=:]\s*["']?[^\s"']{4,}|-----BEGIN [A-Z ]*PRIVATE KEY/i;
const PLACEHOLDER = /[=:]\s*["']?(?:\$\{?\w+|<[^>]*>|\*{3,}|x{4,}|changeme|example|your[_-])/i;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)\]`|]+/gi;
const MAX_VALUE = 64 * 1024;

function decodeBase64(value: string): string | undefined {
  try {
    const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, ""));
    return printable(binary);
  } catch {
    return undefined;
  }
}

function decodeHex(value: string): string | undefined {
  let text = "";
  for (let index = 0; index < value.length; index += 2) {
    text += String.fromCharCode(parseInt(value.slice(index, index + 2), 16));
  }
  return printable(text);
}

/** Decoded bytes read as text when they are mostly printable. */
function printable(binary: string): string | undefined {
  let shown = 0;
  for (let index = 0; index < binary.length; index++) {
    const code = binary.charCodeAt(index);
    if ((code >= 32 && code < 127) || code === 10 || code === 13 || code === 9) shown++;
  }
  return shown >= binary.length * 0.9 ? binary : undefined;
}

/** The value decoded, when it is wholly base64 or hex and decodes to text. */
export function decodedValue(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length > MAX_VALUE) return undefined;
  if (HEX.test(trimmed)) return decodeHex(trimmed);
  if (BASE64.test(trimmed) && /[A-Z]/.test(trimmed) && /[a-z0-9]/.test(trimmed)) return decodeBase64(trimmed);
  return undefined;
}

/** The secret a decoded text holds (its first words), or undefined. */
export function secretIn(text: string): string | undefined {
  const match = SECRET_TEXT.exec(text);
  if (!match || PLACEHOLDER.test(match[0])) return undefined;
  return match[0].split(/[=:]/)[0].trim();
}

/** The query values of an address, percent-decoded. */
function queryValues(url: string): string[] {
  const query = url.indexOf("?");
  if (query < 0) return [];
  return url.slice(query + 1).split(/[&;]/).slice(0, 16).map((pair) => {
    const value = pair.slice(pair.indexOf("=") + 1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  });
}

/** Texts decoded from whole base64 or hex values of the payload's strings (bounded). */
export function decodedFields(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const { value } of payloadStrings(payload)) {
    const decoded = value.length >= 16 ? decodedValue(value) : undefined;
    if (decoded !== undefined) found.push(decoded);
    if (found.length >= 16) break;
  }
  return found;
}

/** `sends`: the call sends what it holds (a message, a packet, a post); its encoded fields are read. Addresses in
 * any outbound text are read whatever the call. */
export function judgeEncodedSecrets(
  tool: string,
  payload: Record<string, unknown>,
  texts: readonly string[],
  sends: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (sends) {
    for (const decoded of decodedFields(payload)) {
      const secret = secretIn(decoded);
      if (secret === undefined) continue;
      findings.escalate("message", `"${tool}" sends "${secret.slice(0, 40)}" encoded in a field`);
      return;
    }
  }
  for (const text of texts.slice(0, 16)) {
    if (text.length > MAX_VALUE || !text.includes("://") || !text.includes("?")) continue;
    for (const match of matchesOf(URL_IN_TEXT, text)) {
      const host = readHost(match[0], environment);
      if (!host || host.allowed || host.loopback) continue;
      for (const value of queryValues(match[0])) {
        const decoded = value.length >= 12 ? decodedValue(value) : undefined;
        const secret = decoded === undefined ? undefined : secretIn(decoded);
        if (secret === undefined) continue;
        findings.escalate(
          "network",
          `"${tool}" puts "${secret.slice(0, 40)}", encoded, in an address for "${host.host}"`,
        );
        return;
      }
    }
  }
}
