/** A shell substitution naming a secret store or the engine's files in any argument of an open-world tool, at any
 * depth and under any key (`smtp_send {data: "...$(cat ~/.aws/credentials)"}`, a mail API's `content[0].value`):
 * whatever expands it -- the receiving server, a template step, the agent asked to "fill it in" -- sends the secret
 * on (round 15). The argument checks of earlier rounds read only the texts filed as outbound, content or query.
 * Sources: Equixly, MCP server security (2025): command injection through tool arguments; OWASP LLM01. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { sensitiveMention } from "./mentioned_paths.ts";
import { payloadStrings } from "./payload_strings.ts";
import { matchesOf } from "../match_all.ts";

const SUBSTITUTION = /\$\([^)]{1,512}\)|`[^`\n]{1,512}`|<\([^)]{1,512}\)/g;

export function judgeSecretSubstitutions(
  tool: string,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const { key, value } of payloadStrings(payload)) {
    if (value.length < 8 || value.length > 64 * 1024) continue;
    if (!value.includes("$(") && !value.includes("`") && !value.includes("<(")) continue;
    for (const match of matchesOf(SUBSTITUTION, value)) {
      const inner = match[0].slice(match[0].startsWith("`") ? 1 : 2, -1).trim();
      // Backticks around a bare path quote it (`~/.aws/credentials` in prose); a command reads it.
      if (!/^[A-Za-z][\w.-]*\s/.test(inner)) continue;
      const mention = sensitiveMention(inner, environment);
      if (mention && (mention.kind === "secret" || mention.kind === "engine")) {
        findings.escalate(
          "read",
          `"${tool}" carries a substitution reading "${mention.path}" in its "${key || "payload"}" argument`,
        );
        return;
      }
    }
  }
}
