/** Code from a repository cloned in the same command and run at once (`git clone URL && bash repo/install.sh`,
 * `git clone URL x && cd x && ./setup.sh`): nobody has read what runs, and a README or issue that asks an agent
 * to do this is the usual way injected text turns into code execution. Package-manager installs are left to the
 * install checks. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const SHELLS = /^(?:ba|z|da|k|fi)?sh$|^(?:python[0-9.]*|node|perl|ruby|pwsh|powershell|deno|bun)$/;

/** Whether a segment of this program can clone (judgeClonedRuns finds nothing in a command without a clone). */
export const clonesWith = (program: string): boolean => program === "git";

function clonedFolder(segment: Segment): string | undefined {
  if (!clonesWith(segment.program)) return undefined;
  const args = segment.argv.slice(1).filter((arg) => !arg.startsWith("-"));
  if (args[0] !== "clone" || !args[1]) return undefined;
  return args[2] ?? args[1].replace(/\.git$/, "").replace(/\/+$/, "").split(/[/:]/).pop();
}

function runsFrom(segment: Segment, folder: string, inside: boolean): boolean {
  const [first, second] = segment.argv;
  const script = SHELLS.test(segment.program) ? second : first;
  if (!script || script.startsWith("-")) return false;
  const clean = script.replace(/^\.\//, "");
  if (clean.startsWith(`${folder}/`)) {
    return /\.(?:sh|bash|py|js|mjs|ts|pl|rb|ps1)$|(?:^|\/)(?:install|setup|bootstrap|run)[\w.-]*$/.test(
      clean,
    );
  }
  return inside && /^\.\//.test(script) ||
    (inside && SHELLS.test(segment.program) && /\.(?:sh|py|js|pl|rb)$/.test(clean));
}

export function judgeClonedRuns(segments: readonly Segment[], findings: Findings): void {
  let folder: string | undefined;
  let inside = false;
  for (const segment of segments.slice(0, 32)) {
    const cloned = clonedFolder(segment);
    if (cloned) [folder, inside] = [cloned, false];
    else if (folder && segment.program === "cd") {
      inside = (segment.argv[1] ?? "").replace(/\/+$/, "") === folder;
    } else if (folder && runsFrom(segment, folder, inside)) {
      findings.escalate(
        "exec",
        `runs "${segment.text.slice(0, 60)}" from a repository cloned in the same command`,
      );
      return;
    }
  }
}
