/** Another agent's client configuration named in an argument of an open-world tool (round 15): MCP client configs
 * (`~/.cursor/mcp.json`, Windsurf's `mcp_config.json`, `claude_desktop_config.json`, `~/.claude.json`, Gemini's
 * `settings.json`, Continue's and Codex's configs) hold the tokens of every server the user runs, so a tool that is
 * handed a command or a substitution reading one -- or the bare path outside a search -- is being used to carry them
 * off. Sources: Invariant Labs, MCP Security Notification: Tool Poisoning Attacks (2025); Trail of Bits, Jumping
 * the line (2025). */

import type { Findings } from "./findings.ts";
import { payloadStrings } from "./payload_strings.ts";

/** The configs, under the user's home (`~`, `$HOME`, `%USERPROFILE%`, `/home/NAME`, `/Users/NAME`, `C:\Users\NAME`). */
const CLIENT_CONFIG =
  /(?:~|\$\{?HOME\}?|%USERPROFILE%|%APPDATA%|\/home\/[\w.-]+|\/Users\/[\w.-]+|[A-Z]:\\Users\\[\w.-]+)[\\/](?:\.cursor[\\/]mcp\.json|\.codeium[\\/]windsurf[\\/]mcp_config\.json|\.config[\\/]Claude[\\/]claude_desktop_config\.json|Library[\\/]Application Support[\\/]Claude[\\/]claude_desktop_config\.json|Claude[\\/]claude_desktop_config\.json|\.claude\.json|\.claude[\\/]\.credentials\.json|\.gemini[\\/]settings\.json|\.continue[\\/]config\.(?:json|ya?ml)|\.codex[\\/](?:config\.toml|auth\.json)|\.kiro[\\/]settings[\\/]mcp\.json|\.aws[\\/]amazonq[\\/]mcp\.json|\.roo[\\/]mcp\.json)/i;
/** Keys whose value is a search or question, where naming a config is asking about it. */
const SEARCH_KEY = /^(?:q|query|search|question|prompt|term|keywords?|topic)$/i;
/** Words that read or hand on a file's text in a command line. */
const READER =
  /\$\(|`|\||\b(?:cat|type|head|tail|less|more|base64|xxd|od|strings|gc|Get-Content|cp|copy|scp|curl|nc|tar|zip)\b/i;

export function judgeAgentClientConfigs(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  for (const { key, value } of payloadStrings(payload)) {
    if (value.length < 10 || value.length > 16 * 1024) continue;
    const match = CLIENT_CONFIG.exec(value);
    if (!match) continue;
    if (SEARCH_KEY.test(key) && !READER.test(value)) continue;
    findings.escalate(
      "read",
      `"${tool}" is handed "${match[0].slice(0, 80)}", another agent's client config`,
    );
    return;
  }
}
