/** Round 81's checks, called once from the effect profile: a credential file read by one stage of a pipeline and
 * sent out by a later one (`piped_credential_files.ts`), whole stacks torn down by tools the cloud-CLI reading does
 * not know (`torn_down_stacks.ts`), and a repository's security scanning switched off by API
 * (`disabled_repo_scanning.ts`). The round's written-file check (security lint and scan rules switched off:
 * `security_rules_off.ts`) is a judge of the written safeguards list in `bypassed_safeguards.ts`; its CORS widening
 * (web servers reflecting `Origin`) is in `weakened_web_guards.ts`. Each is gated on segment programs, or on the
 * texts of commands and requests, before it reads a text. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { HTTPIE, judgePipedCredentialFiles, SOCKET_SENDERS } from "./piped_credential_files.ts";
import { judgeTornDownStacks, TEARDOWN_PROGRAMS } from "./torn_down_stacks.ts";
import { judgeDisabledRepoScanning } from "./disabled_repo_scanning.ts";
import { commandNeeds, REQUESTS } from "./round_plan.ts";

/** Programs that may send their standard input out (`piped_credential_files.ts` decides whether they do). */
const STDIN_SENDERS = new Set([
  "curl",
  "wget",
  ...SOCKET_SENDERS,
  ...HTTPIE,
  "openssl",
  "aws",
  "gsutil",
  "gcloud",
  "rclone",
]);

/** What the round reads of a command (speed round 37, `round_plan.ts`): senders of standard input, teardown
 * programs, `gh`, requests. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => STDIN_SENDERS.has(program) || TEARDOWN_PROGRAMS.has(program) || program === "gh",
  facts: REQUESTS,
});

export function judgeRound81(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  let sends = false;
  let tears = false;
  let gh = false;
  for (const segment of view.segments) {
    sends ||= STDIN_SENDERS.has(segment.program);
    tears ||= TEARDOWN_PROGRAMS.has(segment.program);
    gh ||= segment.program === "gh";
  }
  if (sends) judgePipedCredentialFiles(view.segments, environment, findings);
  if (tears) judgeTornDownStacks(view.segments, findings);
  if (gh || view.requests.length > 0) {
    const texts = [
      ...view.segments.filter((segment) => segment.program === "gh").map((segment) => segment.text),
      ...view.requests,
    ];
    judgeDisabledRepoScanning(view.tool, texts, findings);
  }
}
