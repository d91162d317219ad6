/** The round files' plan for a command (speed round 37): which round files can find anything in one command line,
 * worked out once per action from the programs its segments reach and the keyword families its line holds. Each
 * round file that declares them exports `ON_COMMAND`, made by `commandNeeds` from every test that starts a part it
 * runs on a command -- the programs its segment loops look at, the patterns its text checks start with, and the
 * other things of the view it reads (code, written files, addresses, requests, a tool under another name) -- and its
 * call line reads `if (plan.runs(ON_COMMAND)) judgeRoundNN(...)`. A round that declares nothing runs on every action
 * (its line stays `judgeRoundNN(...)`): a new round merges as one import and one call line and runs everywhere until
 * it declares its needs.
 *
 * The plan only skips on a command tool called with one command line and nothing else (`{command: "git status"}`),
 * read as no open-world tool: every other action runs every round, so a round's parts for other tools' arguments are
 * untouched. A clear program bit proves no segment's program passes any of the round's program tests; a clear word
 * bit proves no shell text can pass any of its text tests (the literal gate of `gate.ts`, as `round_hints.ts`); a
 * clear fact proves the view holds nothing of that kind. `tests/shield/effects/round_plan_test.ts` checks every
 * declaration over every case: the planned profile finds exactly what the profile with every round finds. */

import type { ActionView } from "../action_view.ts";
import type { GatedPattern } from "./gate.ts";
import { HintFamilies } from "./round_hints.ts";
import { describeAround } from "../joined_texts.ts";
import { LITERALS, LONG_TEXT } from "../literal_index.ts";
import { loneCommandLine } from "./round_programs.ts";
import { ProgramGates } from "./segment_programs.ts";

/** The command runs code Shield read apart (`python -c`, a heredoc to an interpreter): `view.texts` "code". */
export const CODE = 1;
/** Texts of another kind than shell lines and code (written content, messages, tasks, queries). */
export const OTHER_TEXTS = 2;
/** The command writes files (`view.writePaths`). */
export const WRITES = 4;
/** The command names addresses (`view.urls`). */
export const URLS = 8;
/** The command holds requests (`view.requests`). */
export const REQUESTS = 16;
/** The tool is called by another name than `execute_command` (a round that tests the tool's name needs it). */
export const NAMED = 32;
/** The command line parsed into no segment. */
export const BARE = 64;
/** The command line starts with `{` (round 66 reads such a line as a device's arguments). */
export const BRACED = 128;
/** A shell text is 95 characters or longer (round 55's miner hint: a wallet is a run of 95). */
export const LONG_SHELL = 256;

/** What a round needs to find anything in a command: bits of the plan's program table, of its word families, and
 * facts. */
export interface CommandNeeds {
  readonly programs: number;
  readonly words: number;
  readonly facts: number;
}

/** One bit per declaring round: the union of its program tests (not programs Shield knows: `gatedProgram`). */
const PROGRAMS = new ProgramGates(false);
/** One bit per declaring round: the union of its text tests, asked of the command's shell texts and line. */
const WORDS = new HintFamilies();

/** A round's needs on a command: `programs`, a test true for every program one of its segment parts looks at;
 * `words`, the patterns (or gated patterns) its text parts first test a shell text or the line with (a text none of
 * whose gates opens passes none of them), and `orIncludes`, parts of a text that set the bit too (for an alternative
 * whose literals the gate cannot ask); `facts`, the other things it reads. */
export function commandNeeds(needs: {
  programs?: (program: string) => boolean;
  words?: ReadonlyArray<RegExp | GatedPattern>;
  /** Parts of a text that also set the round's word bit (a first test with an alternative of no literal). */
  orIncludes?: readonly string[];
  facts?: number;
}): CommandNeeds {
  return {
    programs: needs.programs ? PROGRAMS.gate(needs.programs) : 0,
    words: needs.words && needs.words.length > 0 ? WORDS.anyOf(needs.words, needs.orIncludes) : 0,
    facts: needs.facts ?? 0,
  };
}

const NONE: readonly string[] = [];
/** Texts shorter than this are not looked for in a line (composing from them saves little). */
const MIN_INNER = 256;

/** A long line not scanned yet is described to the literal index by the longest text of the view it holds whole and
 * the rules scanned (a heredoc's body read as code): its word gates then compose its scan instead of reading the
 * line again. Only how the scan is made changes (`joined_texts.ts`). */
function describeLine(line: string, view: ActionView): void {
  if (line.length < LONG_TEXT || LITERALS.peek(line) !== undefined) return;
  let inner = "";
  for (const values of view.texts.values()) {
    for (const value of values) {
      if (value.length > inner.length && value.length >= MIN_INNER && value.length < line.length) {
        inner = value;
      }
    }
  }
  if (inner !== "" && LITERALS.peek(inner) !== undefined) describeAround(line, inner);
}
/** Off only in the proof test (every round runs, as before the plan). */
let planning = true;

/** Turns the plan off (every round runs on every action) or on again: the proof test's comparison. */
export function setPlanning(on: boolean): void {
  planning = on;
}

/** What one action reaches, for every round's call line. */
export class RoundPlan {
  /** Every round runs (not a lone command line, or the plan is off). */
  private readonly all: boolean;
  private readonly facts: number;
  private programs = -1;
  private words = -1;

  constructor(private readonly view: ActionView, openWorld: boolean) {
    const payload = view.calledPayload;
    this.all = !planning || openWorld || view.type !== "execute_command" || !loneCommandLine(payload) ||
      !loneCommandLine(view.payload);
    let facts = 0;
    if (!this.all) {
      const line = payload.command as string;
      for (const kind of view.texts.keys()) {
        if (kind === "code") facts |= CODE;
        else if (kind !== "shell") facts |= OTHER_TEXTS;
      }
      if (view.writePaths.length > 0) facts |= WRITES;
      if (view.urls.length > 0) facts |= URLS;
      if (view.requests.length > 0) facts |= REQUESTS;
      if (view.tool !== view.type) facts |= NAMED;
      if (view.segments.length === 0) facts |= BARE;
      if (/^\s*\{/.test(line)) facts |= BRACED;
      for (const text of view.texts.get("shell") ?? NONE) if (text.length >= 95) facts |= LONG_SHELL;
    }
    this.facts = facts;
  }

  /** Whether a round with these needs may find anything in this action. */
  runs(needs: CommandNeeds): boolean {
    if (this.all || (needs.facts & this.facts) !== 0) return true;
    if (needs.programs !== 0) {
      if (this.programs < 0) {
        this.programs = this.view.segments.length > 0 ? PROGRAMS.reached(this.view.segments) : 0;
      }
      if ((needs.programs & this.programs) !== 0) return true;
    }
    if (needs.words !== 0) {
      if (this.words < 0) {
        // The shell texts, and the line as called and as read (checks that read the arguments' strings).
        const called = this.view.calledPayload.command as string;
        const read = this.view.payload.command as string;
        describeLine(called, this.view);
        if (read !== called) describeLine(read, this.view);
        this.words = WORDS.reached(this.view.texts.get("shell") ?? NONE, [called, read]);
      }
      if ((needs.words & this.words) !== 0) return true;
    }
    return false;
  }
}
