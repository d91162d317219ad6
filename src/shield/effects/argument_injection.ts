/** Arguments of open-world tools (MCP and others) that carry an attack on whatever reads them: text addressed
 * to an AI (tool poisoning: `<IMPORTANT>…`, "ignore previous instructions"), or a shell command substitution
 * naming a secret store or start-up file (`$(cat ~/.aws/credentials)`) for a server that passes it to a shell. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { INSTRUCTIONS_TO_AI } from "./delegation.ts";
import { sensitiveMention } from "./mentioned_paths.ts";

const SUBSTITUTION = /\$\([^)]{1,512}\)|`[^`\n]{1,512}`|<\([^)]{1,512}\)/g;

export function judgeToolArguments(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const joined = texts.join("\n");
  if (joined.length < 8 || joined.length > 64 * 1024) return;
  if (INSTRUCTIONS_TO_AI.test(joined)) {
    findings.escalate("message", `"${tool}" is handed instructions addressed to an AI`);
  }
  if (!joined.includes("$(") && !joined.includes("`") && !joined.includes("<(")) return;
  for (const match of joined.matchAll(SUBSTITUTION)) {
    const mention = sensitiveMention(match[0].slice(2, -1), environment);
    if (mention) {
      findings.escalate("read", `"${tool}" is handed a command substitution naming "${mention.path}"`);
      return;
    }
  }
}
