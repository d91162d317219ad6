/** Signals aimed at the engine through a process finder (round 42): `kill -STOP $(pgrep -f 'engine.*--serve' | head
 * -1)` freezes it, `for i in $(seq 1 6); do kill -9 $(pgrep -f 'engine serve'); … done` spends the supervisor's
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
