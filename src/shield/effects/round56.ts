/** Round 56's checks, each behind its own cheap sign: credentials posted by a code host's CLI (`cli_posts.ts`), tasks
 * handed to agent CLIs (`cli_agent_tasks.ts`), coding-agent CLIs with their approvals off written where they will run
 * (`agent_bypass_texts.ts`) and empty hand-offs to agents named for elevated power (`elevated_handoffs.ts`). */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeApiPosts, judgeCliPosts } from "./cli_posts.ts";
import { judgeAgentProductTools, judgeCliAgentTasks } from "./cli_agent_tasks.ts";
import { judgeAgentBypassTexts } from "./agent_bypass_texts.ts";
import { judgeElevatedHandoffs } from "./elevated_handoffs.ts";
import { textsOf } from "./egress_effects.ts";
import * as programs from "./round_programs.ts";
import { postsWith } from "./cli_posts.ts";
import { handsToAgentCliWith } from "./cli_agent_tasks.ts";
import { commandNeeds, URLS } from "./round_plan.ts";

/** What the round reads of a command (speed round 37, `round_plan.ts`): its two programs' tests, addresses. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => postsWith(program) || handsToAgentCliWith(program),
  facts: URLS,
});

export function judgeRound56(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  const reached = programs.roundProgramsReached(view.segments);
  if (reached & programs.CLI_POSTS) judgeCliPosts(view.tool, view.segments, findings);
  if (reached & programs.CLI_AGENT_TASKS) judgeCliAgentTasks(view.segments, environment, findings);
  if (view.urls.length > 0) judgeApiPosts(view.tool, view.urls, view.calledPayload, findings);
  if (view.type !== "execute_command") {
    const paths = view.writePaths.map((path) => path.absolute);
    judgeAgentBypassTexts(view.tool, paths, view.calledPayload, findings);
    judgeElevatedHandoffs(view.tool, view.calledPayload, findings);
    const texts = textsOf(view, "task", "outbound", "content");
    judgeAgentProductTools(view.tool, texts, view.calledPayload, environment, findings);
  }
}
