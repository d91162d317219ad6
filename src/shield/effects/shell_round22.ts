/** The shell-command classes of round 22, read from the segments the parse gives (and, for decoded runs, the code
 * interpreters are handed): work thrown away, files sent over raw sockets, pushes rerouted, cloud storage copied
 * to foreign stores, tests made to pass (by command or by a written file), code from lookalike owners, decoded
 * commands run; and (round 26) submodules and pre-commit hooks from sources no list knows, CI pipelines committed by
 * name, request bodies sent by `gh api` and `curl`. One call in the profile. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeDiscardedWork } from "./discarded_work.ts";
import { judgeSocketUploads } from "./socket_uploads.ts";
import { judgePushReroutes } from "./push_reroutes.ts";
import { judgeBucketCopies } from "./bucket_copies.ts";
import { judgeStubbedTests, judgeWrittenTestStubs } from "./stubbed_tests.ts";
import { judgeLookalikeOwners } from "./lookalike_owners.ts";
import { judgeDecodedRuns } from "./decoded_runs.ts";
import { judgeHookSources, judgeWrittenHookSources } from "./hook_sources.ts";
import { judgeCiCommits } from "./ci_commits.ts";
import { judgeCliRequestBodies } from "./cli_request_bodies.ts";

/** The checks that read only the command line's segments. */
const SEGMENT_CHECKS = [
  judgeDiscardedWork,
  judgeSocketUploads,
  judgePushReroutes,
  judgeBucketCopies,
  judgeStubbedTests,
  judgeLookalikeOwners,
  judgeHookSources,
  judgeCliRequestBodies,
];

export function judgeShellRound22(view: ActionView, findings: Findings): void {
  const { tool, segments } = view;
  if (segments.length > 0) { for (const judge of SEGMENT_CHECKS) judge(tool, segments, findings); }
  judgeDecodedRuns(tool, segments, view.texts.get("code") ?? [], findings);
  judgeCiCommits(tool, view.payload, segments, findings);
  if (view.writePaths.length > 0) {
    const paths = view.writePaths.map((path) => path.absolute);
    judgeWrittenTestStubs(tool, paths, view.texts.get("content") ?? [], findings);
    judgeWrittenHookSources(paths, view.texts.get("content") ?? [], findings);
  }
}
