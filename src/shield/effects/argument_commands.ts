/** Open-world arguments that carry a second statement for whatever consumes them: SQL stacked after a value
 * (`Paris'; DROP TABLE users; --`, `' OR '1'='1`, `UNION SELECT`), or a shell command chained after one
 * (`--width 80; curl ... | sh`; substitutions are judged in `argument_injection.ts`), for servers that paste arguments into a query or a command line. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const SQL_INJECTION = gated(
  /['"`]\s*\)?\s*;\s*(?:drop|delete|update|insert|truncate|alter|create|grant|exec|execute|shutdown|attach|copy)\b|['"]\s*(?:or|and)\s+['"]?(\w+)['"]?\s*=\s*['"]?\1\b|\bunion\s+(?:all\s+)?select\b/i,
);
const SHELL_CHAIN = gated(
  /(?:;|&&|\|\|?|\n)\s*(?:curl|wget|bash|sh|zsh|nc|ncat|socat|python[0-9.]*|perl|ruby|php|rm|chmod|powershell|pwsh)\b/,
);
const SHORT = 256;

export function judgeArgumentCommands(
  tool: string,
  texts: readonly string[],
  sends: boolean,
  findings: Findings,
): void {
  for (const text of texts.slice(0, 32)) {
    if (text.length > 4096 || text.length < 6) continue;
    if (SQL_INJECTION.test(text)) {
      findings.escalate("exec", `"${tool}" is handed SQL stacked after an argument's value`);
      return;
    }
    if (!sends && text.length <= SHORT && SHELL_CHAIN.test(text)) {
      findings.escalate("exec", `"${tool}" is handed a shell command chained after an argument's value`);
      return;
    }
  }
}
