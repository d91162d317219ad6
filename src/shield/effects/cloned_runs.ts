/** Code from a repository cloned, or an archive downloaded and unpacked, in the same command and run at once
 * (`git clone URL && bash repo/install.sh`, `git clone URL x && cd x && ./setup.sh`, `curl -o p.tgz URL && tar -xzf
 * p.tgz -C /tmp && cd /tmp/p && python3 setup.py install`): nobody has read what runs, and a README or issue that asks an agent
 * to do this is the usual way injected text turns into code execution. Package-manager installs are left to the
 * install checks. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const SHELLS = /^(?:ba|z|da|k|fi)?sh$|^(?:python[0-9.]*|node|perl|ruby|pwsh|powershell|deno|bun)$/;

const DOWNLOADERS = new Set(["curl", "wget", "aria2c"]);

/** Whether a segment of this program can clone or download (judgeClonedRuns finds nothing in a command with
 * neither a clone nor a download before an unpack). */
export const clonesWith = (program: string): boolean => program === "git" || DOWNLOADERS.has(program);

function clonedFolder(segment: Segment): string | undefined {
  if (segment.program !== "git") return undefined;
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

/** The folder an archive is unpacked into (`tar -x... -C DIR`, `unzip ... -d DIR`; the current folder otherwise). */
function unpackedFolder(segment: Segment): string | undefined {
  const args = segment.argv.slice(1);
  if (segment.program === "unzip") {
    return args[args.indexOf("-d") + 1] ?? (args.includes("-d") ? undefined : ".");
  }
  if (segment.program !== "tar" || !args.some((arg) => /^-?[a-zA-Z]*x/.test(arg) || arg === "--extract")) {
    return undefined;
  }
  const at = args.findIndex((arg) => arg === "-C" || arg === "--directory");
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith("--directory="))?.slice(12) ?? ".";
}

export function judgeClonedRuns(segments: readonly Segment[], findings: Findings): void {
  let folder: string | undefined;
  let inside = false;
  let downloaded = false;
  for (const segment of segments.slice(0, 32)) {
    if (DOWNLOADERS.has(segment.program)) downloaded = true;
    const cloned = clonedFolder(segment) ?? (downloaded ? unpackedFolder(segment) : undefined);
    if (cloned) [folder, inside] = [cloned.replace(/\/+$/, ""), false];
    else if (folder && segment.program === "cd") {
      const target = (segment.argv[1] ?? "").replace(/\/+$/, "");
      inside = target === folder || target.startsWith(`${folder}/`) ||
        (folder === "." && !target.startsWith("/"));
    } else if (folder && runsFrom(segment, folder, inside)) {
      findings.escalate(
        "exec",
        `runs "${segment.text.slice(0, 60)}" from a repository cloned in the same command`,
      );
      return;
    }
  }
}
