/** Tools named after a command-line program the shell checks know and given its argument list (round 49, made the
 * rule in round 51): `deno {args: ["task", "check"]}`, `mcp__dev__npx {arguments: ["-y", "prettier@3", "--check", "."]}`,
 * `aws {argv: ["ce", "get-cost-and-usage", ...]}`, `ssh-add {args: ["--apple-use-keychain", KEY]}` run that program
 * with those words, so they are judged as its command line (the install, typosquat, remote-code, secret, cloud and
 * key-use checks of the shell), as `kubectl` and `git` tools already were (`PROGRAM_TOOLS`). The program is known
 * when the shell checks have a table for it: the toolchains below, the cloud and service CLIs of
 * `command_effects.ts` and the secret stores of `secret_egress.ts` when their subcommand reads or logs in, the agent
 * CLIs, the secret injectors running a command (`shell_wrappers.ts`), the ssh programs that use a key in place, and
 * the auditors and checkers whose work is reading the checkout. Only with a list of words (or one string of them): `deno {code: "..."}` or a program
 * nobody lists stays an unknown effect. */

import { VERSION_SUFFIX } from "./tool_aliases.ts";
import { compactName } from "./words.ts";
import { AGENT_CLIS, CLOUD_CLIS } from "./command_effects.ts";
import { PRINTER_PROGRAMS } from "./secret_egress.ts";

/** Toolchains, package runners and build tools whose command lines the shell checks know (installs, typosquats,
 * scripts run from URLs); the ssh programs whose key argument is used in place (`rule_exemptions.ts` `KEY_USE`,
 * `view_shell.ts`); auditors and secret scanners, whose work is reading the checkout. */
const LISTED_PROGRAMS = new Set(
  `deno bun bunx npx pnpx uv uvx poetry pipx pdm hatch tox nox mvn gradle dotnet swift rustup rustc composer gem bundle
  rake mix dart flutter cmake ninja bazel
  ssh-add ssh-keygen ssh-copy-id keychain autossh
  pip-audit safety bandit semgrep trivy grype osv-scanner gitleaks trufflehog detect-secrets snyk`.split(
    /\s+/,
  ),
);
/** Secret injectors (`shell_wrappers.ts`): judged as their command line when they run one (`op run -- CMD`). */
const INJECTORS: Record<string, string> = Object.assign(Object.create(null), {
  op: "run",
  doppler: "run",
  "aws-vault": "exec",
  infisical: "run",
  chamber: "exec",
  teller: "run",
  dotenv: "",
});
/** The hyphenated programs by their name without separators (`sshkeygen` -> `ssh-keygen`). */
const HYPHENATED = new Map(
  [...LISTED_PROGRAMS, ...Object.keys(INJECTORS), ...CLOUD_CLIS, ...PRINTER_PROGRAMS, "cursor-agent"]
    .filter((program) => program.includes("-")).map((program) => [compactName(program), program]),
);
/** Agent CLI names too plain to be taken for the program (`q`, `amp`, `continue`). */
const PLAIN_WORDS = /^(?:q|amp|continue|code)$/;
/** Subcommand words of a cloud or secret-store CLI that read or log in (`aws ce get-cost-and-usage`, `hcloud server
 * list`, `vault login`): what else their subcommands change the shell checks do not know (`aws guardduty
 * update-detector --no-enable`, `hcloud firewall add-rule`), so those stay an unknown effect. */
const READ_WORD =
  /^(?:get|list|describe|show|ls|view|search|lookup|whoami|status|version|help|login|signin|sign-in)(?:-[\w-]+)?$/;

/** Windows shells (round 53): `powershell {args: ["-NoP", "-Enc", "..."]}` runs `powershell` with those options. Only
 * a list that starts with an option or switch is the shell's own command line: `powershell {args: ["Get-ChildItem",
 * "."]}` is the script itself, judged as the words it is. */
const WINDOWS_SHELLS = new Set(["powershell", "pwsh", "cmd"]);
const SWITCH = /^[-/]/;

/** Shell syntax in a string of words (`"s3 ls; aws guardduty ..."`): a second command, so no plain word list. */
const SHELL_SYNTAX = /[;&|`$()<>\n]/;
/** A list item that is a shell operator (`["KEY", "&&", "base64", "KEY"]`): a harness joining the words into a shell
 * line would run a second command, so the list is no plain word list either. */
const OPERATOR_WORD = /^(?:&&|\|\||;|\||&)$/;
/** Keys under which such a tool takes the program's words (`flags`: round 61). */
export const LIST_KEYS = ["args", "argv", "arguments", "cmd", "flags"] as const;

/** The key of the payload's words, if it has them: a list (every item a string) or one string of them; `cmd` only as
 * a list (a `cmd` string is a subcommand given apart, joined as before). */
export function wordListKey(payload: Record<string, unknown> | undefined): string | undefined {
  if (!payload) return undefined;
  return LIST_KEYS.find((key) => {
    const value = payload[key];
    if (typeof value === "string") return key !== "cmd" && value.trim() !== "" && !SHELL_SYNTAX.test(value);
    return Array.isArray(value) && value.length > 0 &&
      value.every((item) => typeof item === "string" && !OPERATOR_WORD.test(item));
  });
}

/** The subcommand: the plain words after the program and its leading options, up to the first option of the
 * subcommand (`aws --profile dev ce get-cost-and-usage --time-period ...` -> `ce get-cost-and-usage`), so an option's
 * value (`--bucket get`) is never taken for it. */
function subcommandWords(program: string, payload: Record<string, unknown>, key: string): string[] {
  const value = payload[key];
  const words = typeof value === "string" ? value.trim().split(/\s+/) : value as string[];
  let at = words[0]?.toLowerCase() === program ? 1 : 0;
  while (at < words.length && words[at].startsWith("-")) at += words[at].includes("=") ? 1 : 2;
  const found: string[] = [];
  for (; at < words.length && !words[at].startsWith("-") && found.length < 4; at++) {
    found.push(words[at].toLowerCase());
  }
  return found;
}

/** Whether the shell checks know what `program` does with these words (`words` undefined: the name alone). */
function knownProgram(program: string, words: string[] | undefined): boolean {
  if (LISTED_PROGRAMS.has(program) || (AGENT_CLIS.test(program) && !PLAIN_WORDS.test(program))) return true;
  const runs = INJECTORS[program];
  if (runs !== undefined && (words === undefined || runs === "" || words[0] === runs)) return true;
  if (!CLOUD_CLIS.has(program) && !PRINTER_PROGRAMS.has(program) && runs === undefined) return false;
  return words === undefined || words.some((word) => READ_WORD.test(word));
}

/** The program a tool named after it runs with the payload's word list (`deno`, `npx_v2`), if any. Asked about a
 * name alone (no payload: is `server:deno` a namespaced program tool?), the name decides; the payload is judged
 * when the call itself is. */
export function listedProgramOf(
  name: string,
  payload: Record<string, unknown> | undefined,
): string | undefined {
  let read = PROGRAM_NAMES.get(name);
  if (read === undefined) {
    read = programName(name);
    if (PROGRAM_NAMES.size < MAX_PROGRAM_NAMES) PROGRAM_NAMES.set(name, read);
  }
  const { named, bare } = read;
  if (read.windows) {
    const key = payload === undefined ? undefined : wordListKey(payload);
    const words = key === undefined ? undefined : payload?.[key];
    const first = Array.isArray(words)
      ? words[0]
      : typeof words === "string"
      ? words.trim().split(/\s+/)[0]
      : undefined;
    return payload === undefined || (typeof first === "string" && SWITCH.test(first)) ? named : undefined;
  }
  // A program the shell checks know nothing of by name is known with no words either (`knownProgram`).
  if (bare === undefined) return undefined;
  if (payload === undefined) return bare;
  const key = wordListKey(payload);
  return key !== undefined && knownProgram(bare, subcommandWords(bare, payload, key)) ? bare : undefined;
}

/** What `listedProgramOf` reads from a tool's name alone: the name without its version, whether it is a Windows
 * shell's, and the program it may run (undefined: none the shell checks know, whatever the words). */
interface ProgramName {
  named: string;
  windows: boolean;
  bare: string | undefined;
}

/** `listedProgramOf`'s readings of names, across evaluations (round 29 of speed: the same tools come again and
 * again; the reading depends on the name alone). Bounded like `identifierWords`' cache. */
const PROGRAM_NAMES = new Map<string, ProgramName>();
const MAX_PROGRAM_NAMES = 4096;

function programName(name: string): ProgramName {
  const named = name.replace(VERSION_SUFFIX, "").toLowerCase();
  const windows = WINDOWS_SHELLS.has(named.replace(/\.exe$/, ""));
  // A tool name cannot always hold a hyphen: `ssh_keygen`, `sshKeygen`, `ssh.keygen` are `ssh-keygen`.
  const bare = knownProgram(named, undefined) ? named : HYPHENATED.get(compactName(named)) ?? named;
  return { named, windows, bare: knownProgram(bare, undefined) ? bare : undefined };
}
