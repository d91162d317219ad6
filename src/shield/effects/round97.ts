/** Round 97's checks, called once from the effect profile: orders and outside recipients carried in a side argument
 * of a harmless-looking tool (`side_argument_orders.ts`), people's records published on a public page, wiki, site or
 * gist (`private_records_published.ts`), and money typed into a transfer or payment form by a browser or
 * computer-use agent (`browser_money_forms.ts`). Only the records check reads a lone command line (`gh gist create
 * --public employees.csv`, `cp crm_export.csv site/public/`), through its gated pattern. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeSideArgumentOrders } from "./side_argument_orders.ts";
import { judgePrivateRecordsPublished, PRIVATE_RECORDS } from "./private_records_published.ts";
import { judgeBrowserMoneyForms } from "./browser_money_forms.ts";
import { commandNeeds, NAMED } from "./round_plan.ts";

/** What the round reads of a lone command line: the records pattern over the line, and a tool under another name
 * (its words may make it a reader, a browser or a page writer). */
export const ON_COMMAND = commandNeeds({ words: [PRIVATE_RECORDS], facts: NAMED });

const MAX_DEPTH = 9;
const MAX_STRINGS = 96;

/** The payload's strings, nine levels down (a Notion block's text sits seven deep), bounded as round 90's walk. */
function deepStrings(payload: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (found.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) { for (const item of value.slice(0, 32)) walk(item, depth + 1); }
    else if (value !== null && typeof value === "object") {
      for (const item of Object.values(value as Record<string, unknown>).slice(0, 48)) walk(item, depth + 1);
    }
  };
  walk(payload, 0);
  return found;
}

export function judgeRound97(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  const command = view.type === "execute_command";
  if (!command) {
    judgeSideArgumentOrders(view.tool, view.calledPayload, environment, findings);
    judgeBrowserMoneyForms(view.tool, view.calledPayload, findings);
  }
  const texts = deepStrings(view.calledPayload);
  if (texts.length === 0) return;
  const posts = command || view.requests.some((request) => !/^(?:GET|HEAD|OPTIONS)\b/i.test(request));
  judgePrivateRecordsPublished(
    view.tool,
    view.calledPayload,
    texts,
    view.writePaths.map((path) => path.relative ?? path.absolute),
    posts,
    findings,
  );
}
