/** Work handed to another agent that ends with credentials where many people read them ("rotate the keys and
 * paste the new ones into #general"): the receiving agent has the access, the sender picks the audience. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const SHARES_SECRETS = gated(
  /\b(?:paste|post|share|send|publish|put|drop|dump|print|list|include)\b[^.\n]{0,40}\b(?:keys?|passwords?|tokens?|credentials|secrets?|api[ -]?keys?|access keys?)\b[^.\n]{0,40}\b(?:into|in|to|on)\s+(?:the\s+)?(?:#[\w-]+|(?:public|shared|team|general|company)\s+(?:channel|chat|room|wiki|page|issue|repo\w*)|channel|chat|slack|teams|discord|everyone|the team|all staff|a (?:gist|paste)|pastebin|the (?:issue|ticket|pr|pull request|wiki|readme))|\b(?:keys?|passwords?|tokens?|credentials|secrets?)\b[^.\n]{0,64}\bso (?:that )?everyone (?:has|can)\b/i,
);

export function judgeHandedSecrets(tool: string, texts: readonly string[], findings: Findings): void {
  const text = texts.join("\n");
  if (text.length < 16 || text.length > 64 * 1024) return;
  if (SHARES_SECRETS.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on work that posts credentials where many read them`);
  }
}
