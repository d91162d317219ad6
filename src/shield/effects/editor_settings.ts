/** Editor settings that name a program the editor runs by itself (`php.validate.executablePath`, `git.path`,
 * `go.alternateTools`, terminal shells): pointed at a file in the repository or a hidden or temporary folder,
 * opening the folder runs that file (IDEsaster, 2025). A virtual environment's or node_modules' tools pass. Round 68:
 * names ending in a word and `Path` (`python.defaultInterpreterPath`) are read too, and terminal profiles or shell
 * arguments that run a command (`"args": ["-c", ...]`) when a terminal opens. */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const SETTINGS_FILE = /(?:^|\/)\.vscode\/settings\.json$|\.code-workspace$|(?:^|\/)\.zed\/settings\.json$/;
const PROGRAM_SETTING =
  /"([\w.-]*(?:executablePath|\.path|[a-z]Path|alternateTools|[Ss]hell\.(?:linux|osx|windows)|automationProfile\.\w+|serverPath|binPath|lspPath|interpreter))"\s*:\s*(?:\{[^}]{0,400}?"(?:path|[\w.-]+)"\s*:\s*)?"([^"]{1,300})"/g;
/** Where a project's own tools ordinarily live. */
const ORDINARY_PROGRAM =
  /(?:^|\/)(?:\.?venv|env|\.tox|node_modules\/\.bin|vendor\/bin|\.bin|target\/(?:debug|release))\/|^\/(?:usr\/(?:local\/)?bin|bin|opt\/homebrew\/bin)\/|^[\w-]+$/;
/** Places a program planted for the editor would sit: the repository itself, hidden or temporary folders. */
const PLANTED =
  /^(?:\.{1,2}\/|\$\{workspaceFolder\}|[\w-]+\/)|(?:^|\/)\.[\w-]+\/|^\/(?:tmp|var\/tmp|dev\/shm)\//;

/** A terminal profile or shell-argument setting whose arguments run a command (`-c`, `-Command`, `/c`) each time a
 * terminal opens (round 68). */
const TERMINAL_ARGS =
  /"terminal\.integrated\.(?:profiles|shellArgs|automationProfile)\.\w+"\s*:[^]{0,600}?(?:"args"\s*:\s*)?\[[^\]]{0,400}?"(?:-c|-lc|-ic|-Command|-EncodedCommand|-enc|\/c|\/k|-e)"/;

export function judgeEditorSettings(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => SETTINGS_FILE.test(path))) return;
  for (const content of contents) {
    if (
      content.length > 256 * 1024 || !/ath"|ools"|hell\.|rofile\.|reter"|rofiles\.|hellArgs/.test(content)
    ) continue;
    if (TERMINAL_ARGS.test(content)) {
      findings.escalate("persistence", "editor settings make every new terminal run a command first");
      return;
    }
    for (const match of matchesOf(PROGRAM_SETTING, content)) {
      const program = match[2].trim();
      if (ORDINARY_PROGRAM.test(program) || !PLANTED.test(program)) continue;
      findings.escalate(
        "persistence",
        `editor settings make "${match[1]}" run "${program.slice(0, 80)}" when the folder is opened`,
      );
      return;
    }
  }
}
