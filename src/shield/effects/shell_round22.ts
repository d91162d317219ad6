/** The shell-command classes of round 22, read from the segments the parse gives (and, for decoded runs, the code
 * interpreters are handed): work thrown away, files sent over raw sockets, pushes rerouted, cloud storage copied
 * to foreign stores, tests made to pass (by command or by a written file), code from lookalike owners, decoded
 * commands run; and (round 26) submodules and pre-commit hooks from sources no list knows, CI pipelines committed by
 * name, request bodies sent by `gh api` and `curl`. One call in the profile. */

import { NEEDS } from "./check_needs.ts";
import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import type { Segment } from "../shell_parser.ts";
import { discardsWith, judgeDiscardedWork } from "./discarded_work.ts";
import { judgeSocketUploads, uploadsRawWith } from "./socket_uploads.ts";
import { judgePushReroutes, reroutesWith } from "./push_reroutes.ts";
import { copiesStoresWith, judgeBucketCopies } from "./bucket_copies.ts";
import { judgeStubbedTests, judgeWrittenTestStubs, stubsTestsWith } from "./stubbed_tests.ts";
import { fetchesOwnersWith, judgeLookalikeOwners } from "./lookalike_owners.ts";
import { judgeDecodedRuns } from "./decoded_runs.ts";
import { ProgramGates } from "./segment_programs.ts";
import { addsHookSourcesWith, judgeHookSources, judgeWrittenHookSources } from "./hook_sources.ts";
import { judgeCiCommits } from "./ci_commits.ts";
import { judgeCliRequestBodies, sendsBodiesWith } from "./cli_request_bodies.ts";

type SegmentCheck = (tool: string, segments: readonly Segment[], findings: Findings) => void;

/** The checks that read only the command line's segments, each behind the program test its segment loop starts
 * with (one bit each, asked once per program name): a command none of whose programs passes a check's test does
 * not call it (round 19 of speed: calling the six on every command cost the median command about 0.7 µs cold;
 * round 20 gated round 26's two, called on every command till then). A new segment check joins this table with the
 * test its own segment loop starts with. */
const GATES = new ProgramGates();
export const SEGMENT_CHECKS: ReadonlyArray<readonly [number, SegmentCheck]> = [
  [GATES.gate(discardsWith), judgeDiscardedWork],
  [GATES.gate(uploadsRawWith), judgeSocketUploads],
  [GATES.gate(reroutesWith), judgePushReroutes],
  [GATES.gate(copiesStoresWith), judgeBucketCopies],
  [GATES.gate(stubsTestsWith), judgeStubbedTests],
  [GATES.gate(fetchesOwnersWith), judgeLookalikeOwners],
  [GATES.gate(addsHookSourcesWith), judgeHookSources],
  [GATES.gate(sendsBodiesWith), judgeCliRequestBodies],
];

/** `summary`: what the action holds (check_needs.ts). */
export function judgeShellRound22(view: ActionView, findings: Findings, summary: number): void {
  const { tool, segments } = view;
  const reached = segments.length > 0 ? GATES.reached(segments) : 0;
  if (reached !== 0) {
    for (const [bit, judge] of SEGMENT_CHECKS) if ((reached & bit) !== 0) judge(tool, segments, findings);
  }
  if (summary & NEEDS.decodedRuns) judgeDecodedRuns(tool, segments, view.texts.get("code") ?? [], findings);
  if (summary & NEEDS.ciCommits) judgeCiCommits(tool, view.payload, segments, findings);
  if (view.writePaths.length > 0 && (summary & NEEDS.writtenStubsAndHooks)) {
    const paths = view.writePaths.map((path) => path.absolute);
    judgeWrittenTestStubs(tool, paths, view.texts.get("content") ?? [], findings);
    judgeWrittenHookSources(paths, view.texts.get("content") ?? [], findings);
  }
}
