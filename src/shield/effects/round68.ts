/** Round 68's checks, called once from the effect profile: private things made open to anyone by a tool's arguments,
 * a command or a server's configuration (`public_exposure.ts`), servers' configuration that binds every interface
 * with a protection off (`protection_settings_off.ts`'s reading, widened), scripts set to run at every boot of a
 * cloud machine (`boot_scripts.ts`), and code set to run when a folder is opened in an editor
 * (`editor_autorun.ts`; editor settings naming programs stay in `editor_settings.ts`). Each asks a literal gate of
 * the texts it reads, or the program of a segment, before it walks them. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { textsOf } from "./egress_effects.ts";
import { judgePublicExposureArguments, judgePublicExposureTexts } from "./public_exposure.ts";
import { exposedProtectionOff } from "./protection_settings_off.ts";
import { judgeBootScriptArguments, judgeBootScriptCommands, judgeBootScriptWrites } from "./boot_scripts.ts";
import { judgeEditorAutorun } from "./editor_autorun.ts";
import { TEST_FILE } from "./tampered_tests.ts";
import * as programs from "./round_programs.ts";
import { EDITOR_AUTORUN, HINTS, PUBLIC_EXPOSURE } from "./round_hints.ts";
import { EXPOSURE_TEXT_GATE } from "./public_exposure.ts";
import { AUTORUN_GATE } from "./editor_autorun.ts";
import { OTHER_CLOUDS } from "./boot_scripts.ts";
import { commandNeeds, WRITES } from "./round_plan.ts";

const DOCUMENT = /\.(?:md|markdown|mdx|txt|rst|adoc)$/i;

/** What the round reads of a command (speed round 37, `round_plan.ts`): cloud CLIs, exposure and editor-autorun
 * hints in its line, written files. */
export const ON_COMMAND = commandNeeds({
  programs: (program) =>
    program === "gcloud" || program === "aws" || program === "az" || OTHER_CLOUDS.has(program),
  words: [EXPOSURE_TEXT_GATE, AUTORUN_GATE],
  facts: WRITES,
});

export function judgeRound68(view: ActionView, findings: Findings): void {
  const shell = view.texts.get("shell") ?? [];
  if (programs.roundProgramsReached(view.segments) & programs.BOOT_SCRIPTS) {
    judgeBootScriptCommands(view.tool, view.segments, findings);
  }
  const paths = view.writePaths.map((path) => path.relative ?? path.absolute);
  const written = paths.length > 0 && !paths.every((path) => DOCUMENT.test(path) || TEST_FILE.test(path));
  // An open-world tool that writes a file (`write_config {path, content}`) hands its text as outbound.
  const contents = written ? textsOf(view, "content", "outbound") : [];
  const texts = [...shell.slice(0, 4), ...contents.slice(0, 8)];
  if (texts.length > 0) {
    // Speed round 33: each check's text test asked as a keyword family's bit first (`round_hints.ts`); the editor
    // check also reads the written paths.
    const bits = HINTS.reached(texts);
    if (bits & PUBLIC_EXPOSURE) judgePublicExposureTexts(view.tool, texts, paths, findings);
    if (paths.length > 0 || bits & EDITOR_AUTORUN) {
      judgeEditorAutorun(view.tool, paths, contents, shell, findings);
    }
  }
  if (written) {
    judgeBootScriptWrites(view.tool, view.writePaths.map((path) => path.absolute), contents, findings);
    for (const path of paths) {
      const why = exposedProtectionOff(path, contents);
      if (why) {
        findings.block("security", `"${view.tool}" ${why}`);
        break;
      }
    }
  }
  if (view.type === "execute_command" || paths.length > 0) return;
  judgePublicExposureArguments(view.tool, view.calledPayload, findings);
  judgeBootScriptArguments(view.tool, view.calledPayload, findings);
}
