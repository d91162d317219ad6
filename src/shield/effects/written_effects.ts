/** The checks of files an action writes (split from effect_profile.ts in round 22 of speed): what the written text
 * sets up, images, repository state, build code, pinned releases, orders and setups in written files, manifests'
 * package sources. Those that read the written texts are called when the action's summary holds what they need
 * (`NEEDS`, check_needs.ts). */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { TEST_FILE } from "../rule_exemptions.ts";
import { writtenChecks } from "../quoted_files.ts";
import type { Findings } from "./findings.ts";
import { type ClassedPath, judgeWrittenContent } from "./local_effects.ts";
import { judgeCompromisedPins, PINNING_FILE } from "./compromised_releases.ts";
import { judgeWrittenImages } from "./image_lookalikes.ts";
import { judgeWrittenAddressed } from "./addressed_instructions.ts";
import { judgeWrittenFiles } from "./written_file_checks.ts";
import { judgeRepositoryState } from "./repository_state.ts";
import { judgeLoadedBuildCode } from "./loaded_build_code.ts";
import { judgeManifestSources } from "./manifest_sources.ts";
import { textsOf } from "./egress_effects.ts";
import { NEEDS } from "./check_needs.ts";

/** `writes`: the action's classed write paths (at least one); `summary`: what it holds (`summarize`). */
export function judgeWrittenEffects(
  view: ActionView,
  writes: ClassedPath[],
  summary: number,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const contents = textsOf(view, "content");
  const paths = writes.map((entry) => entry.path.absolute);
  judgeWrittenContent(view, writes, contents, environment, findings, summary);
  if (summary & NEEDS.writtenImages) judgeWrittenImages(contents, findings);
  judgeRepositoryState(view.tool, paths, findings);
  if (summary & NEEDS.loadedBuildCode) judgeLoadedBuildCode(paths, contents, environment, findings);
  if ((summary & NEEDS.compromisedPins) && paths.some((path) => PINNING_FILE.test(path))) {
    judgeCompromisedPins(contents, findings);
  }
  if (
    (summary & NEEDS.writtenFiles) &&
    !paths.every((path) => TEST_FILE.test(path))
  ) {
    judgeWrittenAddressed(view.tool, contents, findings);
    // A script's comment lines run nothing; a document's quoted orders are shown (round 16).
    const checked = paths.length === 1 ? writtenChecks(paths[0], contents) : undefined;
    judgeWrittenFiles(
      view.tool,
      paths,
      checked?.contents ?? contents,
      typeof view.payload.removed === "string" ? view.payload.removed : undefined,
      environment,
      findings,
      checked?.concealed,
    );
  }
  if (summary & NEEDS.manifestSources) judgeManifestSources(paths, contents, environment, findings);
}
