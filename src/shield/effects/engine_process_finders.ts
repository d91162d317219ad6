/** Signals aimed at the engine through a process finder (round 42): `kill -STOP $(pgrep -f 'engine.*--serve' | head
 * -1)` freezes it, `for i in $(seq 1 6); do kill -9 $(pgrep -f 'engine serve'); ... done` spends the supervisor's
 * restart budget, `kill $(pidof deno)` and `pkill -CONT -f 'engine serve'` reach it by its runtime or its command
 * line. The engine is a Deno process running `main.ts engine` (ARCHITECTURE.md), so a finder pattern naming the
 * engine, `main.ts`, `parapet`, or Deno with `engine`/`start`/`serve`, or Deno alone (every Deno process), names it;
 * the user's own dev server found by its own name or port (`pkill -f vite`, `kill $(lsof -t -i:5173)`) does not.
 * Sources: kill(1), pgrep(1), pidof(8); MITRE ATT&CK T1489 Service Stop and T1562.001 Impair Defenses. */

import type { Segment } from "../shell_parser.ts";

/** Words of a process pattern that name the engine's process (`engine` alone, not `game-engine` or `engine_x`). */
export const ENGINE_PROCESS_WORDS =
  /parapet|main\.ts\b|(?<![\w.-])engine(?![\w-])|\bdeno\b[^|)]*(?:\bengine\b|\bstart\b|\bserve(?![\w.]))/i;
/** A finder given Deno's name alone: every Deno process, the engine among them. */
const EVERY_DENO = /\$\(\s*(?:pgrep(?:\s+-[a-z]+)*|pidof(?:\s+-[a-z]+)*)\s+['"]?deno['"]?\s*(?:\)|\|)/i;
const FINDER = /\$\(|`/;
const PATTERN_KILLERS = /^(?:pkill|killall|skill)$/;

/** Whether a `kill`/`pkill`/`killall` segment signals a process found by a pattern that names the engine: through a
 * finder's output substituted into its arguments, or (pkill, killall) by its own pattern. */
export function signalsFoundEngine(segment: Segment): boolean {
  const args = segment.argv.slice(1);
  if (PATTERN_KILLERS.test(segment.program)) {
    const patterns = args.filter((arg) => !arg.startsWith("-"));
    if (patterns.some((arg) => ENGINE_PROCESS_WORDS.test(arg) || /^deno$/i.test(arg))) return true;
  }
  return args.some((arg) => FINDER.test(arg) && (ENGINE_PROCESS_WORDS.test(arg) || EVERY_DENO.test(arg)));
}

/** A plain `pkill -f`/`killall` pattern (words only: no `*`, `|`, brackets or groups) naming Deno and one of the
 * user's own programs: a script other than `main.ts` (`deno run -A src/server.ts`) or a task other than the engine's
 * (`deno task dev`). pkill matches the pattern inside a process's command line, so it cannot reach the engine's
 * `deno run ... main.ts engine` or `deno task start`; `.` still matches any character, so `m.in.ts` is the engine's. */
const PLAIN_DENO_PATTERN = /^deno(?:\s+[\w@./=:-]+)+$/i;
const ENGINE_SCRIPTS = ["main.ts", "main.js"];
const ENGINE_TASKS = ["start", "engine", "serve"];

function wildcardMatches(word: string, targets: readonly string[]): boolean {
  const pattern = new RegExp(`^${word.replace(/[^\w.]/g, "\\$&")}$`, "i");
  return targets.some((target) => pattern.test(target));
}

function namesOwnDenoProgram(pattern: string): boolean {
  if (pattern.length > 200 || !PLAIN_DENO_PATTERN.test(pattern)) return false;
  const words = pattern.split(/\s+/);
  const task = words.indexOf("task");
  if (task > 0 && words[task + 1] !== undefined) return !wildcardMatches(words[task + 1], ENGINE_TASKS);
  const scripts = words.filter((word) => /\.(?:ts|tsx|js|jsx|mjs|cjs)$/i.test(word));
  return scripts.length > 0 &&
    scripts.every((script) => !wildcardMatches(script.slice(script.lastIndexOf("/") + 1), ENGINE_SCRIPTS));
}

/** Whether every `pkill`/`killall` of the line aims at one of the user's own Deno programs by a plain pattern. */
export function stopsOwnDenoPrograms(segments: readonly Segment[]): boolean {
  const killers = segments.filter((segment) => /^(?:pkill|killall)$/.test(segment.program));
  return killers.length > 0 && killers.every((segment) => {
    const patterns = segment.argv.slice(1).filter((arg) => !arg.startsWith("-"));
    return patterns.length === 1 && namesOwnDenoProgram(patterns[0]);
  });
}
