/** A key named as the identity git signs with (round 49): `git -c gpg.format=ssh -c user.signingkey=~/.ssh/id_ed25519
 * commit -S`, `git config user.signingkey KEY`, a signed tag, merge or rebase. Git hands the key's path to
 * `ssh-keygen -Y sign` (or its name to gpg); nothing reads the key out and none of these subcommands reaches a remote,
 * so the key's path is no read and the `ssh` of `gpg.format=ssh` no network tool. Push, fetch, clone and the other
 * remote subcommands keep the path as a read; a signing program set on the same line (`gpg.ssh.program`,
 * `gpg.program`), an ssh command, or a key computed by a substitution (`"$(cat KEY)"`) keeps the whole line judged.
 * Sources: git-config(1) `gpg.format`, `user.signingKey`, `gpg.ssh.program`; GitHub Docs, "Telling Git about your
 * signing key". */

import type { ActionView } from "../action_view.ts";
import type { RuleHit } from "../heuristic_matcher.ts";
import { fieldTexts } from "../rule_texts.ts";

/** Subcommands that sign or configure signing and never contact a remote. */
const LOCAL_SIGNING = new Set([
  "commit",
  "tag",
  "merge",
  "rebase",
  "cherry-pick",
  "revert",
  "am",
  "config",
  "commit-tree",
  "verify-commit",
  "verify-tag",
  "log",
  "show",
]);
/** Git's global options that take the next word as their value (git(1)). */
const VALUED_OPTIONS = new Set(["-c", "-C", "--git-dir", "--work-tree", "--namespace", "--config-env"]);
/** Settings that run a program or compute a value (a signer, an ssh command, a shell alias, a pager, a hook or
 * credential helper, a substitution): a line carrying one is judged whole. */
const RUNS_SOMETHING =
  /gpg\.(?:ssh\.|x509\.|openpgp\.)?program|sshcommand|defaultkeycommand|alias\.|core\.(?:pager|editor|fsmonitor|hookspath|askpass)|diff\.external|credential\.helper|\$\(|`/i;
const SIGNING_VALUE = /^user\.signingkey=/i;

/** The subcommand of a git command line's words after `git`, skipping its global options. */
function subcommandOf(words: readonly string[]): string | undefined {
  for (let index = 0; index < words.length; index++) {
    const word = words[index].replace(/^['"]|['"]$/g, "");
    if (VALUED_OPTIONS.has(word)) {
      index++;
      continue;
    }
    if (word.startsWith("-")) continue;
    return word.toLowerCase();
  }
  return undefined;
}

/** Whether `argv` (a parsed command, `argv[0]` git) signs locally with nothing run on the side. */
function signsLocally(argv: readonly string[]): boolean {
  const subcommand = subcommandOf(argv.slice(1));
  return subcommand !== undefined && LOCAL_SIGNING.has(subcommand) &&
    !argv.some((word) => RUNS_SOMETHING.test(word));
}

/** Whether `argv[index]` of a git command is the key it signs with (`-c user.signingkey=KEY`, or the value after
 * `git config [--local|--global] user.signingkey`): used in place, not read. */
export function isSigningKeyValue(argv: readonly string[], index: number): boolean {
  const word = argv[index] ?? "";
  const given = argv[index - 1] === "-c" && SIGNING_VALUE.test(word) ||
    argv[index - 1]?.toLowerCase() === "user.signingkey" && argv.includes("config");
  return given && signsLocally(argv);
}

/** A git command inside a line of shell text, up to the next operator. */
const GIT_COMMAND = /(?<=^|[\s;&|(])git\s[^|;&\n]*/g;
const SIGNING_SETTINGS =
  /-c\s*['"]?(?:user\.signingkey=[^\s'"]*|gpg\.format=(?:ssh|openpgp|x509))['"]?|(?<=\sconfig\s(?:\S+\s)*?)(?:user\.signingkey\s+['"]?[^\s'"]+['"]?|gpg\.format\s+(?:ssh|openpgp|x509))/g;

/** Shell text with the signing settings of its local git commands taken out, as if they signed with git's
 * defaults; other commands and remote git subcommands unchanged. */
export function withoutSigningKeys(text: string): string {
  if (!text.includes("git") || !text.includes("sign") && !text.includes("gpg")) return text;
  return text.replace(GIT_COMMAND, (command) => {
    if (!signsLocally(command.split(/\s+/))) return command;
    return command.replace(SIGNING_SETTINGS, "");
  });
}

/** Whether a credential or exfiltration hit matches only through the signing settings of local git commands: in
 * every field the rule reads, every text it matches stops matching once they are taken out. */
export function onlyThroughSigningKeys(hit: RuleHit, view: ActionView): boolean {
  let stripped = false;
  for (const field of hit.rule.fields) {
    for (const text of fieldTexts(view, field)) {
      if (!hit.rule.pattern.test(text)) continue;
      const without = withoutSigningKeys(text);
      if (without === text || hit.rule.pattern.test(without)) return false;
      stripped = true;
    }
  }
  return stripped;
}
