/** Requests for files that hold orders for an agent (`agent-instructions.txt`, `system_prompt.md`, `.cursorrules`)
 * from someone else's site or repository: injected text that tells the agent to "fetch further instructions"
 * turns a page into a remote control (command-and-control for agents). */

import type { Findings } from "./findings.ts";

const ORDERS_FILE =
  /\/(?:[\w.-]*[-_.])?(?:agent|ai|assistant|llm|bot|copilot|claude|gpt|system)[-_]?(?:instructions?|prompts?|orders|tasks|commands|directives|rules)(?:\.(?:txt|md|json|ya?ml))?(?:[?#]|$)|\/(?:instructions?|prompts?|system[-_]prompt)\.(?:txt|md)(?:[?#]|$)|\/\.(?:cursorrules|windsurfrules|clinerules)(?:[?#]|$)/i;

export function judgeFetchedOrders(tool: string, urls: readonly string[], findings: Findings): void {
  for (const url of urls.slice(0, 16)) {
    if (url.length < 2048 && ORDERS_FILE.test(url)) {
      findings.escalate("delegation", `"${tool}" fetches orders for an agent from "${url.slice(0, 80)}"`);
      return;
    }
  }
}
