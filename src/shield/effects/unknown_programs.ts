/** Round 59: a structural default for shell programs Shield does not know. A command segment whose program no check
 * of the shell knows (`knownProgram`: no table of the segment checks, no program set of theirs, no CLI table of
 * `cli_program_tools.ts` names it, and it is neither a plain viewer nor a standard Unix utility) and that is not run
 * from the workspace (`./scripts/x`, `node_modules/.bin/x`) escalates when its arguments point outside this machine
 * or at the user's personal or system places (`pointers.ts`): a network address, a recipient, a device or peer id,
 * personal documents, a secret store, a system folder. Its effects cannot be established, and those are the
 * arguments whose effects matter (issue 12: "an action whose effects can't be established is never ALLOWED by
 * default"); an unknown program on the workspace (`find_file foo.py`, a linter, a generator, a server on 127.0.0.1)
 * is ordinary work and passes. Never a block. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Segment } from "../shell_parser.ts";
import { normalizePath } from "../paths.ts";
import type { EffectKind, Findings } from "./findings.ts";
import { gatedProgram } from "./segment_programs.ts";
import { inSomeSet } from "./programs.ts";
import { listedProgramOf } from "./cli_program_tools.ts";
import { VIEWERS } from "./plain_reads.ts";
import { sendsToRecipients } from "./cli_senders.ts";
import { adminCmdlet } from "./admin_cmdlets.ts";
import { icsProgram } from "./ics_writes.ts";
import { inWorkspace } from "./path_classes.ts";
import { pointerOf } from "./pointers.ts";
import { BASH_BUILTINS, GNU_COREUTILS, POSIX_UTILITIES } from "./data/standard_utilities.ts";

/** Round 59's default in place (the measurement with it on and off is in docs/shield.md). */
export const UNKNOWN_PROGRAM_DEFAULT = true;

/** A program name as a command word (letters, digits, `.`, `_`, `+`, `-`): anything else is no program Shield could
 * name (a variable, a fragment of prose). */
const PROGRAM_NAME = /^[A-Za-z0-9][\w.+-]{0,63}$/;
/** Most segments and words looked at per action. */
const MAX_SEGMENTS = 32;
const MAX_WORDS = 48;

/** The utilities every Unix shell session has (POSIX, Bash builtins, GNU coreutils): their work is the files and
 * the shell state the path and shell checks judge. */
const STANDARD = new Set(`${POSIX_UTILITIES} ${BASH_BUILTINS} ${GNU_COREUTILS}`.trim().split(/\s+/));

/** Per name: whether Shield knows it (bounded; names recur). */
const knownNames = new Map<string, boolean>();
const MAX_NAMES = 2048;

/** Whether a check of the shell knows what `name` does: a segment check's table (its gate) or program set holds it,
 * a CLI table of `cli_program_tools.ts` names it, it is a Microsoft admin cmdlet or a controller client round 57
 * judges (`admin_cmdlets.ts`, `ics_writes.ts`), a plain viewer (`plain_reads.ts`) or a standard utility
 * (`data/standard_utilities.ts`). Asked as written, in lower case and without a Windows `.exe`/`.com` suffix
 * (`CERTUTIL.EXE` is `certutil`). */
export function knownProgram(name: string): boolean {
  let known = knownNames.get(name);
  if (known === undefined) {
    const lower = name.toLowerCase();
    const bare = lower.replace(/\.(?:exe|com)$/, "");
    known = [name, lower, bare].some((spelling) =>
      STANDARD.has(spelling) || gatedProgram(spelling) || inSomeSet(spelling) || VIEWERS.has(spelling) ||
      adminCmdlet(spelling) || icsProgram(spelling) || listedProgramOf(spelling, undefined) !== undefined
    );
    if (knownNames.size >= MAX_NAMES) knownNames.clear();
    knownNames.set(name, known);
  }
  return known;
}

/** A segment that only runs the next one (`nohup`, `timeout 10`, `env X=1`, `sudo`): the parser gives the command it
 * runs as the next, deeper segment, whose words end its own; that one is judged instead. */
function wraps(segment: Segment, next: Segment | undefined): boolean {
  if (next === undefined || next.depth <= segment.depth || next.argv.length >= segment.argv.length) {
    return false;
  }
  return next.argv.length > 0 && segment.argv[segment.argv.length - 1] === next.argv[next.argv.length - 1];
}

/** A program run from the workspace: a relative path (`./gradlew`, `scripts/x`, `node_modules/.bin/x`) or an
 * absolute one under the workspace. */
function workspaceProgram(word: string, environment: ShieldEnvironment): boolean {
  if (!word.includes("/")) return false;
  // `./x`, `scripts/x`: relative; `/opt/x`, `~/bin/x`, `$HOME/bin/x`, `C:/Tools/x.exe`, `%TEMP%/x`: judged by place.
  if (!/^(?:[/~$%]|[A-Za-z]:)/.test(word)) return true;
  return inWorkspace(normalizePath(word, environment.workspace, environment.home));
}

/** A call that runs its command lines now: a command tool, or any tool given a command line to run (OpenHands'
 * `CmdRunAction {command}`), writing nothing; not commands read out of prose, scripts or configuration being written
 * or handed to an agent as its task (they run later, if at all, and are judged as what they are). */
function runsCommands(view: ActionView): boolean {
  if (view.proseSegments || view.segments.length === 0) return false;
  return view.type === "execute_command" ||
    view.writePaths.length === 0 && view.texts.has("shell") && !view.texts.has("task");
}

const RECIPIENT_POINTERS: readonly EffectKind[] = ["message", "read"];

export function judgeUnknownPrograms(
  view: ActionView,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!UNKNOWN_PROGRAM_DEFAULT || !runsCommands(view)) return;
  const segments = view.segments;
  const count = Math.min(segments.length, MAX_SEGMENTS);
  for (let k = 0; k < count; k++) {
    const segment = segments[k];
    const program = segment.program;
    if (segment.argv.length < 2 || !PROGRAM_NAME.test(program) || knownProgram(program)) continue;
    if (wraps(segment, segments[k + 1]) || workspaceProgram(segment.argv[0], environment)) continue;
    const words = segment.argv.length > MAX_WORDS ? segment.argv.slice(1, MAX_WORDS) : segment.argv.slice(1);
    // A messenger's or mailer's recipients and attachments are judged by `cli_senders.ts` (round 58: documents,
    // codes, spoofed senders) and the messaging checks; an uploader's files and hosts are still pointers here
    // (`croc send ~/Documents/tax.pdf`: whoever holds the code gets it).
    const pointer = pointerOf(
      words,
      environment,
      sendsToRecipients(program) ? RECIPIENT_POINTERS : undefined,
    );
    if (pointer !== undefined) {
      findings.escalate(
        pointer.effect,
        `runs "${program}", which Shield does not know, on ${pointer.what} "${pointer.word.slice(0, 80)}"`,
      );
      return;
    }
  }
}
