/** Configuration that runs code, handed to an ordinary command (round 18): a flag, an environment assignment or a
 * `git -c` setting that points a tool at a config file or folder in the workspace or a temporary place (a kubeconfig
 * whose `exec:` plugin runs a program, `ssh -F`, `npm --userconfig`, `PIP_CONFIG_FILE`, `docker --config`,
 * `terraform -plugin-dir`, `BASH_ENV`), or that names a program to run (`core.sshCommand`, `ProxyCommand`, a `!`
 * alias, `GIT_SSH_COMMAND`, `NODE_OPTIONS=--require`) which is a workspace or temporary file, a shell or an
 * interpreter. The user's own home (`~/.kube/config`) and system files are ordinary; what the named program does
 * is judged where the shell parse already reads it as a command (shell_unwrap.ts). Tables: config_settings.ts. */

import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import { basename, type Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import {
  FILE_FLAGS,
  FILE_VARIABLES,
  GIT_FILE_SETTING,
  GIT_PROGRAM_SETTING,
  LOADER_VARIABLES,
  PROGRAM_OPTIONS,
  PROGRAM_VARIABLES,
  RUNNING_PROGRAM,
} from "./config_settings.ts";
import { matchesOf } from "../match_all.ts";

const TEMPORARY = /^(?:\/tmp|\/var\/tmp|\/dev\/shm|\/run\/user\/\d+)(?:\/|$)/;
const OWN_HOME = /^(?:~|\$HOME\b|\$\{HOME\})/;
const ASSIGNMENT = /(?:^|[\s;&|(`])([A-Za-z_][A-Za-z0-9_]*)=("[^"]{0,400}"|'[^']{0,400}'|[^\s;&|)`]{1,400})/g;
/** Loader options whose next word (or `=` value) is a file to load (`--require ./hook.js`, `-javaagent:x.jar`). */
const LOADER_OPTION =
  /(?:^|\s)(?:--require|-r|--import|--loader|--experimental-loader|-javaagent:|-M|-I)[=\s]?\s*(\S+)/g;

/** Each FILE_FLAGS name as a number (its length and last character): an option word whose number is not here is no
 * such flag, told without a map look-up (which hashes each new word: some 100 ns). */
const shapeOf = (flag: string) => flag.length * 128 + flag.charCodeAt(flag.length - 1);
const FILE_FLAG_SHAPES = new Set([...FILE_FLAGS.keys()].map(shapeOf));
/** A variable of the three tables assigned somewhere in a text (`NAME=`), behind the shared literal prefilter: a
 * text without one (most texts with `=`: options, URLs, `NODE_ENV=production` aside) is not read for assignments. */
const ASSIGNED_TABLE_VARIABLE = gated(
  new RegExp(`(?:${[...PROGRAM_VARIABLES, ...FILE_VARIABLES, ...LOADER_VARIABLES].join("|")})=`),
);

/** A config file or program in the workspace or a temporary place (the user's home and system places are theirs). */
function plantedPlace(word: string, environment: ShieldEnvironment): string | undefined {
  const value = word.replace(/^["']|["']$/g, "").trim();
  if (value.length === 0 || OWN_HOME.test(value) || /^[a-z]+:\/\//i.test(value)) return undefined;
  const path = normalizePath(value, environment.workspace, environment.home);
  if (path.relative !== undefined || TEMPORARY.test(path.absolute)) return value;
  return undefined;
}

/** A command line named by a setting runs something nobody vouched for: a planted file, a shell, an interpreter or
 * a network tool (`ssh -i ~/.ssh/key` or `less -R` is the ordinary program). */
function runsUnvouched(command: string, environment: ShieldEnvironment): string | undefined {
  const value = command.replace(/^["']|["']$/g, "").trim();
  if (value.startsWith("!")) return value.slice(0, 80);
  const first = value.split(/\s+/)[0] ?? "";
  if (first.length === 0) return undefined;
  if (RUNNING_PROGRAM.test(basename(first))) return value.slice(0, 80);
  return (first.includes("/") || first.startsWith(".")) ? plantedPlace(first, environment) : undefined;
}

function judgeGitSetting(setting: string, environment: ShieldEnvironment, findings: Findings): void {
  const at = setting.indexOf("=");
  if (at <= 0) return;
  const key = setting.slice(0, at).toLowerCase();
  const value = setting.slice(at + 1);
  if (GIT_PROGRAM_SETTING.test(key) && !(key.startsWith("alias.") && !value.trim().startsWith("!"))) {
    const shown = runsUnvouched(value, environment);
    if (shown) findings.escalate("exec", `git setting "${key}" runs "${shown}"`);
  } else if (GIT_FILE_SETTING.test(key)) {
    const place = plantedPlace(value, environment);
    if (place) {
      findings.escalate("exec", `git setting "${key}" takes configuration that can run code from "${place}"`);
    }
  }
}

function judgeSegment(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  const argv = segment.argv;
  const program = segment.program;
  const option = PROGRAM_OPTIONS.get(program);
  for (let index = 1; index < argv.length && index < 64; index++) {
    const arg = argv[index];
    // Every test below reads an option: `-c`, `--config-env=`, a FILE_FLAGS name (each starts with a dash), `-o`.
    if (arg.charCodeAt(0) !== 0x2d) continue;
    if (program === "git" && arg === "-c") judgeGitSetting(argv[index + 1] ?? "", environment, findings);
    if (program === "git" && arg.startsWith("--config-env=")) {
      findings.escalate("exec", `git takes a setting from the environment ("${arg.slice(0, 80)}")`);
    }
    const equals = arg.indexOf("=");
    const flag = equals < 0 ? arg : arg.slice(0, equals);
    const glued = equals < 0 ? undefined : arg.slice(equals + 1);
    const fileFlag = FILE_FLAG_SHAPES.has(shapeOf(flag)) ? FILE_FLAGS.get(flag) : undefined;
    if (fileFlag && (fileFlag.programs === undefined || fileFlag.programs.has(program))) {
      const place = plantedPlace(glued ?? argv[index + 1] ?? "", environment);
      if (place) {
        findings.escalate(
          "exec",
          `"${program}" takes configuration that can run code from "${place}" (${flag})`,
        );
      }
    }
    if (option && (arg === "-o" || arg.startsWith("-o"))) {
      const setting = arg === "-o" ? argv[index + 1] ?? "" : arg.slice(2);
      const match = /^(\w+)[=\s]+([\s\S]*)$/.exec(setting.trim());
      if (match && option.test(match[1])) {
        const shown = runsUnvouched(match[2], environment);
        if (shown) findings.escalate("exec", `"${program}" option ${match[1]} runs "${shown}"`);
      }
    }
  }
}

function judgeAssignments(text: string, environment: ShieldEnvironment, findings: Findings): void {
  for (const match of matchesOf(ASSIGNMENT, text)) {
    const name = match[1];
    const value = match[2].replace(/^["']|["']$/g, "");
    if (PROGRAM_VARIABLES.has(name)) {
      const shown = runsUnvouched(value, environment);
      if (shown) findings.escalate("exec", `"${name}" makes programs run "${shown}"`);
    } else if (FILE_VARIABLES.has(name)) {
      for (const part of value.split(":").slice(0, 8)) {
        // A bare word is a setting's value (`ENV=production`), not a file.
        if (!part.includes("/") && !part.includes(".")) continue;
        const place = plantedPlace(part, environment);
        if (place) {
          findings.escalate("exec", `"${name}" takes configuration that can run code from "${place}"`);
        }
      }
    } else if (LOADER_VARIABLES.has(name)) {
      for (const loaded of matchesOf(LOADER_OPTION, value)) {
        const word = loaded[1];
        // A path, not a package (`-r ts-node/register`, `--import tsx` load installed code).
        if (!/^[./~$]/.test(word)) continue;
        const place = plantedPlace(word, environment);
        if (place) findings.escalate("exec", `"${name}" makes programs load "${place}"`);
      }
    }
  }
}

export function judgeCodeRunningConfigs(
  segments: readonly Segment[],
  shellTexts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) judgeSegment(segment, environment, findings);
  for (const text of shellTexts.slice(0, 16)) {
    if (text.length <= 64 * 1024 && text.includes("=") && ASSIGNED_TABLE_VARIABLE.test(text)) {
      judgeAssignments(text, environment, findings);
    }
  }
}
