/** Task files written for worker agents (`agents/queue/task-42.json`, `tasks/*.yaml`, blackboards): their `task`,
 * `instruction` or `prompt` values are work handed on, so a fetched script to run or a credential to gather in one
 * is judged like the same words given to a sub-agent. */

import type { Findings } from "./findings.ts";
import { judgeDelegatedHarms } from "./delegated_harms.ts";
import { judgeHandedSecrets } from "./handed_secrets.ts";
import { matchesOf } from "../match_all.ts";

const TASK_PATH =
  /(?:^|\/)(?:queue|queues|tasks?|inbox|jobs?|agents?|blackboard|mailbox|handoffs?)\/[^/]+\.(?:json|ya?ml|md|txt)$/;
const TASK_VALUE =
  /["']?(?:task|tasks|instruction|instructions|prompt|goal|objective|order|message)["']?\s*[:=]\s*["']?([^\n"]{8,4096})/gi;
const FETCH_AND_RUN =
  /\b(?:curl|wget|iwr|invoke-webrequest)\b[^|\n]{0,300}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\biex\b|\bsource\s+<\(/i;

export function judgeTaskFiles(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => TASK_PATH.test(path))) return;
  const tasks: string[] = [];
  for (const content of contents) {
    if (content.length > 256 * 1024) continue;
    for (const match of matchesOf(TASK_VALUE, content)) if (tasks.length < 32) tasks.push(match[1]);
  }
  if (tasks.length === 0) return;
  if (tasks.some((task) => FETCH_AND_RUN.test(task))) {
    findings.escalate("delegation", `"${tool}" hands a worker agent a fetched script to run`);
  }
  judgeHandedSecrets(tool, tasks, findings);
  judgeDelegatedHarms(tool, tasks, findings);
}
