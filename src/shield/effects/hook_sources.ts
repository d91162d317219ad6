/** Code a repository will run from sources it cannot vouch for (round 26): a submodule added from an owner no
 * shipped list knows whose name is another organisation's dressed as its mirror or team (`acme-corp-dev`,
 * `pre-commit-hooks`, `infra-shared-tools`: `git submodule add ...`, or the same written into `.gitmodules`: the build
 * and every clone fetch it; plain unknown owners such as `nlohmann` or `libgit2` pass, since most open-source owners
 * are on no list), and pre-commit hooks from a repository that is no popular hook repository of a well-known owner
 * (`pre-commit autoupdate --repo ...`, `try-repo`, a `repo:` line of `.pre-commit-config.yaml`: the hooks run on every
 * commit). ESCALATE, as installs from a git source are. Owners imitating a well-known one are judged in
 * lookalike_owners.ts (and here for a written `.gitmodules`). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { imitatedOwner, knownOwner, ownerIn } from "./lookalike_owners.ts";
import { POPULAR_HOOK_REPOS } from "./data/popular_actions.ts";

const POPULAR_HOOKS = new Set(POPULAR_HOOK_REPOS.map((reference) => reference.toLowerCase()));
const ADDRESS = /^(?:[a-z][\w+.-]*:\/\/|[\w.-]+@[\w.-]+:|(?:github|gitlab|bitbucket):)/i;
const DRESSED = "an owner no list knows, named like another organisation's mirror or team";
const GITMODULES = /(?:^|\/)\.gitmodules$/;
const PRE_COMMIT = /(?:^|\/)\.pre-commit-(?:config|hooks)\.ya?ml$/i;

/** The owner of a source-host address that no list knows and that imitates no known owner (that is judged apart). */
function unknownOwner(address: string): string | undefined {
  const owner = ownerIn(address);
  return owner !== undefined && !knownOwner(owner) && imitatedOwner(owner) === undefined ? owner : undefined;
}

/** `owner/repo` of a hook repository address, when it is none of the popular hook repositories. */
function unknownHooks(address: string): string | undefined {
  const owner = unknownOwner(address);
  if (owner === undefined) return undefined;
  const reference = /[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(address)?.[1] ?? owner;
  return POPULAR_HOOKS.has(reference.toLowerCase()) ? undefined : reference;
}

/** The last part of an owner that dresses a name as an organisation's mirror, team or channel. */
const ORG_AFFIX =
  /^[a-z0-9][\w.-]{2,}[-_](?:dev|devs|official|team|hq|inc|io|org|oss|labs?|tools|hooks|community|extra|mirror|mirrors|archive|fork|releases)$/i;

/** An unknown owner named like another organisation's mirror or team, for submodules. */
function dressedOwner(address: string): string | undefined {
  const owner = unknownOwner(address);
  return owner !== undefined && ORG_AFFIX.test(owner) ? owner : undefined;
}

function addresses(words: readonly string[]): string[] {
  return words.filter((word) => ADDRESS.test(word)).slice(0, 8);
}

/** The test judgeHookSources's segment loop starts with (a gate of `shell_round22.ts`). */
export const addsHookSourcesWith = (program: string): boolean =>
  program === "git" || program === "pre-commit";

export function judgeHookSources(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const argv = segment.argv;
    if (segment.program === "git") {
      const at = argv.indexOf("submodule");
      if (at < 0 || argv[at + 1] !== "add") continue;
      for (const address of addresses(argv.slice(at + 2))) {
        const owner = dressedOwner(address);
        if (owner) findings.escalate("install", `"${tool}" adds a submodule from "${owner}", ${DRESSED}`);
      }
    } else if (segment.program === "pre-commit" && /^(?:autoupdate|try-repo)$/.test(argv[1] ?? "")) {
      for (const address of addresses(argv.slice(2))) {
        const hooks = unknownHooks(address);
        if (hooks) findings.escalate("install", `"${tool}" takes pre-commit hooks from "${hooks}"`);
      }
    }
  }
}

/** `.gitmodules` and pre-commit configurations written. */
export function judgeWrittenHookSources(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const gitmodules = paths.some((path) => GITMODULES.test(path));
  const preCommit = paths.some((path) => PRE_COMMIT.test(path));
  if (!gitmodules && !preCommit) return;
  for (const text of contents.slice(0, 16)) {
    if (gitmodules) {
      for (const match of text.slice(0, 64 * 1024).matchAll(/^\s*url\s*=\s*(\S+)/gm)) {
        // Written, the lookalike owner is judged here too (lookalike_owners.ts reads commands only).
        const owner = ownerIn(match[1]);
        if (owner === undefined || knownOwner(owner)) continue;
        const imitated = imitatedOwner(owner);
        const dressed = dressedOwner(match[1]);
        if (imitated || dressed) {
          const why = imitated ? `an owner that imitates ${imitated}` : DRESSED;
          findings.escalate("install", `".gitmodules" adds a submodule from "${owner}", ${why}`);
        }
      }
    }
    if (preCommit) {
      for (const match of text.slice(0, 64 * 1024).matchAll(/\brepo:\s*["']?(\S+?)["']?\s*$/gm)) {
        const hooks = unknownHooks(match[1]);
        if (hooks) findings.escalate("install", `the pre-commit configuration takes hooks from "${hooks}"`);
      }
    }
  }
}
