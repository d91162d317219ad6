/** Code from outside the project run or trusted on the host (round 61): a repository cloned from an owner that is
 * neither the project's (its git remotes, `ownOwners`) nor a well-known one, then built or run in the same line
 * (`make`, `npm install`, `pip install .`, `./install.sh`, `cargo build` with its build.rs ...: the clone's code runs
 * with the user's rights; fake proof-of-concept repositories are the lure) -- ESCALATE (with nothing known of the
 * user's organisation, only such a clone with a sign of its own: `RED_FLAGS`); an image retagged over an
 * official image's name (`docker tag ghcr.io/acme-0ps/node:20 node:20`: every later `FROM node:20` and `docker run
 * node` uses the stranger's image) -- ESCALATE; a git path with a control character (`git submodule add URL
 * 'assets\r'`, `git mv a $'a\r'`, a `.gitmodules` path ending in CR: CVE-2025-48384, where a trailing carriage
 * return makes git write a hook outside the submodule) -- BLOCK. Cloning to read, building the project's own or a
 * well-known owner's repository, pulling an official image and retagging one's own image pass.
 * Sources: Leiden University's study of fake GitHub PoCs (2024); Sysdig on typosquatted and retagged images; Docker
 * `docker image tag` docs; the git security advisory for CVE-2025-48384 (July 2025). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { ownNames } from "./own_owner_lookalikes.ts";
import type { Findings } from "./findings.ts";
import { knownOwner, ownerIn } from "./lookalike_owners.ts";
import { POPULAR_IMAGES } from "./data/popular_images.ts";

const CLONE = /\bgit\s+clone\b[^\n;&|]*?\s((?:https?:\/\/|git@|ssh:\/\/)[^\s'"]+)/;
const BUILD =
  /(?:^|[;&|(]\s*|\bsudo\s+)(?:make|cmake|\.\/configure|\.\/[\w.-]+\.sh|(?:ba)?sh\s+[\w./-]+\.sh|npm\s+(?:i|install|ci|run|start|test)|yarn(?:\s+install)?|pnpm\s+(?:i|install|run)|pip3?\s+install\s+(?:-e\s+)?(?:\.|-r)|python3?\s+(?:setup\.py|-m\s+pip\s+install\s+\.)|cargo\s+(?:build|run|install|test)|go\s+(?:run|generate|build|install)|bundle\s+(?:install|exec)|poetry\s+install|uv\s+(?:sync|pip\s+install)|docker\s+(?:build|compose\s+up)|\.\/gradlew|gradle|mvn|dotnet\s+(?:run|build))(?=[\s;&|)]|$)/;
const IMAGE_PROGRAMS = /^(?:docker|podman|nerdctl)$/;
/** A control character git would take into a path: CR or ESC in the text, or spelled in an ANSI-C quote or printf. */
const CONTROL_CHARS = ["\r", "\x1b"];
const SPELLED_CONTROL = /\$'[^'\n]*\\(?:r|e|x1b|x0d|015|033)[^'\n]*'/;
const SPELLED_CR_PATH = /path\s*=\s*"?[^"\n]*\\r"?/;
export const GIT_PATH_COMMAND = /\bgit\b[^\n]*\b(?:submodule|add|mv|config|clone)\b|\.gitmodules/;

/** Without the project's remotes or an organisation in config, a stranger cannot be told from the user's own
 * organisation (`acme/api && npm ci` is ordinary work): only a clone with a sign of its own asks then -- submodules
 * fetched with it (their hooks and paths run too), a temporary folder, a proof-of-concept or exploit repository, an
 * owner with digits in its name (throwaway accounts), a build run as root. */
const RED_FLAGS =
  /--recurse-submodules|--recursive|\s\/tmp\/|\$tmpdir|poc|poc[-_]|[-_]poc|cve-\d|exploit|payload|0day|keygen|crack|cheat|sudo\s+(?:make|\.\/|bash|sh|python|pip)/i;

/** Shell lines: a clone from a stranger built or run after it. */
export function judgeClonedBuilds(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const text of texts) {
    if (text.length > 64 * 1024 || !text.includes("clone")) continue;
    const clone = CLONE.exec(text);
    const owner = clone ? ownerIn(clone[1])?.toLowerCase() : undefined;
    if (owner === undefined || knownOwner(owner)) continue;
    const own = ownNames(environment);
    if (own.has(owner) || environment.ownOwners.includes(owner)) continue;
    if (
      own.size === 0 && environment.ownOwners.length === 0 && !RED_FLAGS.test(text) && !/\d.*\d/.test(owner)
    ) {
      continue;
    }
    if (!BUILD.test(text.slice(clone!.index + clone![0].length))) continue;
    findings.escalate(
      "exec",
      `"${tool}" builds or runs a repository cloned from "${owner}", not the project's owner`,
    );
    return;
  }
}

/** An image's repository without registry, `library/` and tag (`docker.io/library/node:20` -> `node`). */
function repository(image: string): string {
  const bare = image.split("@")[0].toLowerCase().replace(/:[\w.-]+$/, "");
  return bare.replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, "").replace(
    /^library\//,
    "",
  );
}

/** The programs `judgeRetaggedImages` reads (speed round 32 gates it by name). */
export const retagsWith = (program: string): boolean => IMAGE_PROGRAMS.test(program);

/** `docker tag SRC DST` (or `image tag`) naming an official image as DST from another repository. */
export function judgeRetaggedImages(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!IMAGE_PROGRAMS.test(segment.program)) continue;
    const words = segment.argv.slice(1).filter((word) => !word.startsWith("-"));
    const at = words[0] === "tag" ? 1 : words[0] === "image" && words[1] === "tag" ? 2 : -1;
    if (at < 0 || words.length < at + 2) continue;
    const [source, target] = [repository(words[at]), repository(words[at + 1])];
    if (target.includes("/") || !POPULAR_IMAGES.has(target) || source === target) continue;
    findings.escalate("exec", `"${tool}" retags "${words[at]}" over the official image "${words[at + 1]}"`);
    return;
  }
}

/** Raw command strings: a git path with a control character. */
export function judgeControlPaths(tool: string, raws: readonly string[], findings: Findings): void {
  for (const raw of raws) {
    if (raw.length > 64 * 1024 || !raw.includes("git") || !GIT_PATH_COMMAND.test(raw)) continue;
    const withoutEndings = raw.replace(/\r\n/g, "\n");
    if (
      CONTROL_CHARS.some((char) => withoutEndings.includes(char)) || SPELLED_CONTROL.test(withoutEndings) ||
      (withoutEndings.includes("gitmodules") && SPELLED_CR_PATH.test(withoutEndings))
    ) {
      findings.block("write", `"${tool}" gives git a path with a control character (CVE-2025-48384)`);
      return;
    }
  }
}
