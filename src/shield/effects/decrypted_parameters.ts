/** Secret parameters read decrypted through an SDK-shaped or MCP call (round 72): Amazon Q's `use_aws {service_name:
 * "ssm", operation_name: "get-parameters-by-path", parameters: {path: "/", recursive: true, "with-decryption":
 * true}}`, an AWS API server's `call_aws {service: "ssm", operation: "GetParameters", params: {WithDecryption:
 * true}}`, a parameter-store tool's `{decrypt: true}`. Round 21's reveal flags read only the top level and
 * underscore spellings; the flag here sits in a `parameters` wrapper and is spelled with a hyphen. A parameter
 * read with the flag on returns every SecureString value (the account's database passwords and API keys) into the
 * conversation. What passes: the same read without the flag (plain configuration parameters), `describe-parameters`
 * (metadata only, round 67/71's twins), and a flag set to false. Sources: AWS SSM GetParameters /
 * GetParametersByPath `WithDecryption`; Stratus Red Team aws.credential-access.ssm-retrieve-securestring-parameters;
 * MITRE ATT&CK T1555.006 (Cloud Secrets Management Stores). */

import type { Findings } from "./findings.ts";

/** A decryption flag, however spelled (`with-decryption`, `WithDecryption`, `with_decryption`, `decrypt`). */
const DECRYPT_KEY = /^(?:with[-_]?)?decrypt(?:ion|ed)?$/i;
/** The call reads parameters (an SSM or parameter-store operation, by the tool's name or its operation words). */
const PARAMETER_READ =
  /get[-_ ]?parameters?|parameters?[-_ ]?(?:by[-_ ]?path|get|read)|\bssm\b|parameter[-_ ]?store/i;

function decryptFlag(value: unknown, depth: number, budget: { left: number }): boolean {
  if (depth > 2 || value === null || typeof value !== "object") return false;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 32)) {
    if (--budget.left < 0) return false;
    if (DECRYPT_KEY.test(key) && (inner === true || inner === "true" || inner === "True")) return true;
    if (
      inner !== null && typeof inner === "object" && !Array.isArray(inner) &&
      decryptFlag(inner, depth + 1, budget)
    ) {
      return true;
    }
  }
  return false;
}

export function judgeDecryptedParameters(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const operation = [
    tool,
    payload.service_name,
    payload.service,
    payload.operation_name,
    payload.operation,
    payload.action,
    payload.method,
  ]
    .filter((part) => typeof part === "string").join(" ");
  if (!PARAMETER_READ.test(operation) || /describe|put|delete|label/i.test(operation)) return;
  if (decryptFlag(payload, 0, { left: 64 })) {
    findings.escalate("read", `"${tool}" reads secret parameters decrypted`);
  }
}
