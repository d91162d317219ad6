/** Files written for a later reader (notes, hand-offs, READMEs, scripts) that tell it to pipe a script from a
 * host where payloads are staged (paste sites, tunnels, bare IPs) into a shell: the next agent run or person who
 * follows the note runs the attacker's code. Install lines of ordinary hosts (`deno.land/install.sh`) pass. */

import type { Findings } from "./findings.ts";
import { PASTE_AND_RUN, RISKY_LINK } from "./messaging.ts";

export function judgeWrittenRuns(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length < 16 || text.length > 64 * 1024) continue;
    if (PASTE_AND_RUN.test(text) && RISKY_LINK.test(text)) {
      findings.escalate("exec", `"${tool}" writes an order to run a script from a host that stages payloads`);
      return;
    }
  }
}
