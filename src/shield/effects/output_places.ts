/** Round 92: an unknown tool's output path at a persistence place or the engine's files. h21 mcp_poisoning-018
 * `mcp__diagram__render {source, theme, output: "/home/user/.bashrc"}` passed: a renderer's `output` was read as a
 * path the tool reads, so nothing saw that the tool writes its output over the shell's startup file. Renderers,
 * exporters, converters, downloaders and screenshotters write where their output argument says (`output`, `out`,
 * `outfile`, `output_path`, `dest`, `save_to`, `saveAs`, `export_path`, `target`, `filename`, `download_path`,
 * at the top or one object down), whatever the tool's verb.
 *
 * What is stopped: such a path at a shell startup file, a persistence place (authorized_keys, cron, systemd,
 * launchd, autostart, git hooks, sudoers, ld.so.preload) or the engine's config, policy or state (BLOCK: what is
 * written there runs at login, on a schedule or governs Shield); at an agent instruction file, a scheduler's standing
 * instructions or a trust store (ESCALATE). A CI workflow is left to the checks of written workflow files: a GitHub
 * tool writing `.github/workflows/release.yml` under an output-like key is ordinary work. What passes: an
 * output in the workspace (`docs/diagram.svg`), in the user's own folders (`~/Downloads/chart.png`), in temporary
 * space, and an input or source path naming a startup file (a linter reading `~/.bashrc` writes nothing there).
 * Known tools keep their own reading (`write_file`'s `path`). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { normalizePath } from "../paths.ts";
import { classifyPath } from "./path_classes.ts";
import { compactName } from "./words.ts";

const OUTPUT_KEY =
  /^(?:output|out|outfile|outputfile|outputpath|outpath|outdir|outputdir|outputfolder|outputlocation|dest|destination|destpath|destinationpath|destfile|destinationfile|savepath|saveto|saveas|savefile|savelocation|savein|exportpath|exportto|exportfile|exportfilename|exportlocation|target|targetpath|targetfile|filename|outputfilename|downloadpath|downloadto|downloadlocation|writeto|writepath|renderto|outputto)$/;
const BLOCKED = new Set(["startup-file", "persistence", "engine"]);
const ASKED = new Set(["agent-instructions", "scheduled-instructions", "trust"]);

function outputPaths(payload: Record<string, unknown>, into: string[], depth: number): void {
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    if (typeof value === "string") {
      if (
        value.length > 0 && value.length <= 1024 && !/[\n\r]/.test(value) && OUTPUT_KEY.test(compactName(key))
      ) {
        into.push(value);
      }
    } else if (depth === 0 && value && typeof value === "object" && !Array.isArray(value)) {
      // An output object's own path (`output: {path, format}`), or output keys one object down.
      const inner = value as Record<string, unknown>;
      if (OUTPUT_KEY.test(compactName(key))) {
        for (const name of ["path", "file", "filepath", "file_path", "location", "dir", "directory"]) {
          if (typeof inner[name] === "string" && (inner[name] as string).length <= 1024) {
            into.push(inner[name] as string);
          }
        }
      }
      outputPaths(inner, into, 1);
    }
  }
}

/** Stops an unknown tool whose output argument names a place where a written file runs or governs Shield. */
export function judgeOutputPlaces(
  tool: string,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const paths: string[] = [];
  outputPaths(payload, paths, 0);
  for (const value of paths.slice(0, 8)) {
    const path = normalizePath(value, environment.workspace, environment.home);
    const kind = classifyPath(path, environment);
    if (BLOCKED.has(kind)) {
      const what = kind === "engine"
        ? "the engine's own control files"
        : "a place whose files run at login or on a schedule";
      findings.block(
        kind === "engine" ? "engine" : "persistence",
        `"${tool}" writes its output to "${value}", ${what}`,
      );
      return;
    }
    if (ASKED.has(kind)) {
      findings.escalate(
        "persistence",
        `"${tool}" writes its output to "${value}", which is read and acted on later`,
      );
      return;
    }
  }
}
