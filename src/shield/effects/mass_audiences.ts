/** Messages addressed to a whole list or audience by its id (`recipient_list_id: "all_contacts"`, `segment`,
 * `audience_id`) rather than to people: what a compromised account does to spread a lure to everyone it knows. */

import type { Findings } from "./findings.ts";

const AUDIENCE_KEY =
  /^(?:recipient_?list(?:_?ids?)?|lists?_?ids?|mailing_?lists?|audiences?(?:_?ids?)?|segments?(?:_?ids?)?|contact_?lists?(?:_?ids?)?|distribution_?lists?|broadcast_?lists?|cohorts?)$/i;
const EVERYONE =
  /^(?:all|everyone|all[_ -]?(?:contacts|customers|users|members|subscribers|staff|employees|recipients))$/i;

export function judgeMassAudiences(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    const named = AUDIENCE_KEY.test(key) && value !== "" && value !== null && value !== undefined;
    const everyone = typeof value === "string" && /^(?:to|recipients?|audience)$/i.test(key) &&
      EVERYONE.test(value);
    if (!named && !everyone) continue;
    findings.escalate("message", `"${tool}" writes to a whole list or audience`);
    return;
  }
}
