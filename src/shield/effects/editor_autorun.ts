/** Code set to run when a folder is merely opened in an editor (round 68): a VS Code task with `"runOn":
 * "folderOpen"` (in `.vscode/tasks.json` or a `.code-workspace`, written whole, edited in, patched or printed by a
 * shell), a JetBrains startup task (`ProjectStartupLocalConfiguration`/`...SharedConfiguration` in `.idea/`), a dev
 * container lifecycle command (`initializeCommand`, `onCreateCommand`, `postCreateCommand`, `postStartCommand` ...)
 * that downloads code (BLOCK) or runs a file from a hidden folder, `"task.allowAutomaticTasks": "on"` (folder-open
 * tasks then run unasked), and Vim/Neovim `.exrc`/`.nvim.lua` or Emacs `.dir-locals.el` files that run programs or
 * evaluate code. Persistence planted in a repository (the 2025 "Contagious Interview" tasks.json campaigns;
 * IDEsaster; MITRE ATT&CK T1546): ESCALATE; BLOCK when the command runs a file in a hidden folder or downloads.
 * Editor settings naming programs are read by `editor_settings.ts`. Passes: tasks without `runOn` (a build task),
 * `runOn: default`, lifecycle commands that install the lockfile (`npm ci`), local editor files that only set
 * options, documents quoting these files. Sources: VS Code tasks documentation (runOptions, automatic tasks),
 * JetBrains Startup Tasks, Dev Container specification (lifecycle scripts), Neovim `'exrc'`, GNU Emacs directory
 * variables. */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

export const AUTORUN_GATE = /folderOpen|ProjectStartup|Command"|allowAutomaticTasks/;
const TASK_FILE = /(?:^|\/)\.vscode\/tasks\.json$|\.code-workspace$/;
const TASK_NAMED = /\.vscode\/tasks\.json|\.code-workspace\b/;
const FOLDER_OPEN = /["']?runOn["']?\s*:\s*["']folderOpen["']/;
const JETBRAINS = /(?:^|\/)\.idea\/[^/]+\.xml$/;
const JETBRAINS_STARTUP = /ProjectStartup(?:Local|Shared)Configuration/;
const DEVCONTAINER = /(?:^|\/)\.devcontainer(?:\/[^/]+)?\/devcontainer\.json$|(?:^|\/)\.devcontainer\.json$/;
const LIFECYCLE =
  /"(initializeCommand|onCreateCommand|updateContentCommand|postCreateCommand|postStartCommand|postAttachCommand)"\s*:\s*("(?:[^"\\]|\\.){0,600}"|\[[^\]]{0,600}\]|\{[^}]{0,600}\})/g;
/** A file in a hidden folder (other than the editor's own folder itself) or a download. */
const HIDDEN_RUN =
  /(?:^|[\s"'=\/])\.(?!vscode\/[\w-]+\.json|devcontainer\/[\w-]+\.json|\.)[\w-]+\/[^\s"']*|\/\.(?:cache|local|config)\//;
/** VS Code's switch that lets folder-open tasks run without asking. */
const AUTOMATIC_TASKS = /"task\.allowAutomaticTasks"\s*:\s*"on"/;
/** Files an editor runs from the folder it opens: Neovim's and Vim's local `exrc` files and Emacs' directory
 * variables, when they run programs or evaluate code. */
const LOCAL_EDITOR_FILE = /(?:^|\/)(?:\.exrc|\.nvimrc|\.nvim\.lua|\.dir-locals(?:-2)?\.el)$/;
const LOCAL_EDITOR_RUNS =
  /(?:^|[\s:|])!\s*[\w./~]|\bsystem\s*\(|\bjobstart\s*\(|\bos\.execute\s*\(|\bio\.popen\s*\(|vim\.fn\.system|\(eval\s+\.|shell-command|call-process|start-process/;
const FETCHES = /\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|bitsadmin|certutil)\b/i;

function severity(tool: string, what: string, text: string, findings: Findings): void {
  if (FETCHES.test(text) || HIDDEN_RUN.test(text)) {
    findings.block("persistence", `"${tool}" ${what}, running a hidden or downloaded program`);
  } else {
    findings.escalate("persistence", `"${tool}" ${what}`);
  }
}

export function judgeEditorAutorun(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  shell: readonly string[],
  findings: Findings,
): void {
  const taskWrite = paths.some((path) => TASK_FILE.test(path));
  if (paths.some((path) => LOCAL_EDITOR_FILE.test(path))) {
    const text = contents.find((content) => content.length < 256 * 1024 && LOCAL_EDITOR_RUNS.test(content));
    if (text !== undefined) {
      return severity(
        tool,
        "writes an editor file that runs a program when the folder is opened",
        text,
        findings,
      );
    }
  }
  for (const text of [...contents.slice(0, 8), ...shell.slice(0, 4)]) {
    if (text.length > 256 * 1024 || !AUTORUN_GATE.test(text)) continue;
    if (AUTOMATIC_TASKS.test(text)) {
      findings.escalate("persistence", `"${tool}" lets folder-open tasks run without asking`);
      return;
    }
    if (FOLDER_OPEN.test(text) && (taskWrite || TASK_NAMED.test(text))) {
      return severity(tool, "sets an editor task that runs whenever the folder is opened", text, findings);
    }
    if (
      JETBRAINS_STARTUP.test(text) && (paths.some((path) => JETBRAINS.test(path)) || /\.idea\//.test(text))
    ) {
      return severity(
        tool,
        "sets a JetBrains startup task that runs whenever the project is opened",
        text,
        findings,
      );
    }
    if (paths.some((path) => DEVCONTAINER.test(path)) || /devcontainer\.json/.test(text)) {
      for (const match of matchesOf(LIFECYCLE, text)) {
        const command = match[2];
        if (FETCHES.test(command)) {
          findings.block(
            "persistence",
            `"${tool}" sets a dev container "${match[1]}" that downloads a program`,
          );
          return;
        }
        if (HIDDEN_RUN.test(command)) {
          findings.escalate(
            "persistence",
            `"${tool}" sets a dev container "${match[1]}" that runs a hidden file`,
          );
          return;
        }
      }
    }
  }
}
