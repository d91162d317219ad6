/** Round 5's checks of open-world tools, called once from the effect profile: private records read, tools naming
 * their harm, searches for credentials, orders to keep things from the user in arguments, contacts re-pointed,
 * and settings that undo data protection. */

import { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";
import { judgePersonalRecords } from "./personal_records.ts";
import { readsOwnRecords } from "./own_records.ts";
import { judgeAttackNames } from "./attack_names.ts";
import { judgeSecretSearches } from "./secret_searches.ts";
import { metadataOnly } from "./secret_metadata.ts";
import { judgeConcealedOrders } from "./concealed_orders.ts";
import { judgeContactChanges } from "./contact_changes.ts";
import { judgeSettingArguments } from "./setting_arguments.ts";

export function judgeOpenWorldRound5(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  argumentTexts: readonly string[],
  findings: Findings,
): void {
  // A read of the user's own record, naming her and nobody else, is hers (round 63): the arguments are walked only
  // when the tool's name reads as one of those records.
  const records = new Findings();
  judgePersonalRecords(tool, words.words, records);
  if (records.list.length > 0 && !readsOwnRecords(words.words, payload)) {
    for (const found of records.list) findings.add(found.level, found.kind, found.detail);
  }
  judgeAttackNames(tool, payload, findings);
  // Round 67: a secret store's metadata read with the value withheld names its secret; it searches for nothing.
  if (words.verbs.has("read") && !(names(words.words, "secret") && metadataOnly(words.words, payload))) {
    judgeSecretSearches(tool, payload, findings);
  }
  judgeConcealedOrders(tool, argumentTexts, findings);
  judgeContactChanges(tool, words.words, payload, findings);
  judgeSettingArguments(tool, words.words, payload, findings);
}

const names = (words: readonly string[], noun: string) =>
  words.some((word) => word === noun || word === `${noun}s`);
