/** Round 69's checks, called once from the effect profile: data carried out in addresses and site-named searches
 * (`address_payloads.ts`) and interpreter code that uploads files (`code_uploads.ts`). Browsers' credential stores
 * on every OS (`browser_stores.ts`) feed the secret path class and a rule instead. Each check is gated: addresses by
 * a `?`, `#` or a long host, searches by a site operator, code by a call that sends a request body. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeAddressPayloads, judgeSearchPayloads } from "./address_payloads.ts";
import { judgeCodeUploads } from "./code_uploads.ts";
import { identifierWords } from "./words.ts";
import { CODE_UPLOADS, HINTS } from "./round_hints.ts";
import { SENDS_BODY } from "./code_uploads.ts";
import { CODE, commandNeeds, NAMED, URLS } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): addresses, a search tool's name, upload
 * calls in its line, code. */
export const ON_COMMAND = commandNeeds({ words: [SENDS_BODY], facts: URLS | NAMED | CODE });

export function judgeRound69(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  // A file written with an address in it sends nothing (a command may).
  if (view.urls.length > 0 && (view.writePaths.length === 0 || view.type === "execute_command")) {
    judgeAddressPayloads(view.tool, view.urls, environment, findings);
  }
  const queries = view.texts.get("query") ?? [];
  const searchTexts = view.type === "web_search" || identifierWords(view.tool).includes("search")
    ? [...queries, ...(view.texts.get("content") ?? []), ...(view.texts.get("outbound") ?? [])]
    : [];
  if (searchTexts.length > 0) judgeSearchPayloads(view.tool, searchTexts, findings);
  const code = view.texts.get("code") ?? [];
  const shell = view.texts.get("shell") ?? [];
  if (HINTS.reached(code, shell) & CODE_UPLOADS) judgeCodeUploads([...code, ...shell], environment, findings);
}
