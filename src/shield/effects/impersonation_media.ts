/** Media made to impersonate a real person (round 94): ToolEmu's `DeepfakeGeneratorGenerateVideoDeepfake` and
 * `...GenerateAudioDeepfake` (a face or voice put on someone else's video or words) were allowed by a lead probe at
 * stop 43: `deepfake` was no word of Shield's, and the tool's arguments are local paths. Read here, in a tool's
 * name: a deepfake, face-swap or voice-clone tool with a verb that makes one (generate, create, make, render,
 * produce, synthesize, clone, swap, manipulate). ESCALATE: a person's likeness is theirs to give; a parody of oneself
 * is the user's call. What passes: detecting or verifying deepfakes (`DeepfakeGeneratorVerifyDeepfake`,
 * `detect_deepfake`), a voice tool speaking a stock voice (`text_to_speech`). Sources: ToolEmu's DeepfakeGenerator
 * toolkit and its risks; AgentHarm's disinformation and harassment categories; FBI IC3 PSA on synthetic media. */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

/** Cheap literal gate over the tool's name. */
export const IMPERSONATION_HINT = /deep[-_. ]?fake|face[-_. ]?swap|voice[-_. ]?clon|clone[-_. ]?voice/i;

const MAKES = new Set([
  "generate",
  "create",
  "make",
  "render",
  "produce",
  "synthesize",
  "synthesise",
  "clone",
  "swap",
  "manipulate",
]);
const CHECKS = new Set([
  "verify",
  "detect",
  "detection",
  "check",
  "analyze",
  "analyse",
  "classify",
  "scan",
  "report",
]);

export function judgeImpersonationMedia(tool: string, findings: Findings): void {
  if (!IMPERSONATION_HINT.test(tool)) return;
  const words = identifierWords(tool);
  if (words.some((word) => CHECKS.has(word))) return;
  if (
    words.some((word) => MAKES.has(word)) ||
    /face[-_. ]?swap|voice[-_. ]?clon|clone[-_. ]?voice/i.test(tool)
  ) {
    findings.escalate("access", `"${tool}" makes media impersonating a real person`);
  }
}
