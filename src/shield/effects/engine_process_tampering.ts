/** Round 65: the engine's own processes tampered with where older checks (`command_effects.ts` process signals,
 * `engine_process_finders.ts`, the `tampering.stop_engine` rule) did not reach --
 *
 * - Shield's classifier sidecar (`shield.classifier_addr`, agent-engine-interface.md) signalled by its name:
 *   `pkill -STOP -f shield-sidecar`, `killall -STOP classifier-sidecar`, `kill -TSTP $(pgrep -f shield)` (a
 *   sidecar of the user's own, `pkill -f envoy-sidecar`, is not Shield's);
 * - the engine or Shield throttled, limited or attached to rather than signalled: `cpulimit -p $(pgrep -f main.ts)`,
 *   `cpulimit -e deno`, `prlimit --pid ...`, `ionice`/`chrt`/`taskset`, `ltrace`/`gcore`/`lldb -p`;
 * - its service unit stopped, frozen or limited: `systemctl freeze|kill|stop|mask|set-property parapet.service`,
 *   `service parapet stop`, `docker pause|kill|update parapet`;
 * - a second engine started beside the real one, with another config, port, policy or data directory
 *   (`nohup ./engine serve --config /tmp/noshield.yaml --port 3101 &`, `deno run -A main.ts engine --config x`,
 *   `parapet start --port 3101`): the agent's calls could then go through an engine whose Shield it chose. BLOCK when
 *   its config is in a temporary place or is named for Shield off; otherwise ESCALATE (a developer may mean it).
 *
 * What passes: the user's own processes (`kill -STOP` of the dev server by its pid, `pkill -f vite`), the user's own
 * app on another port (`PORT=3101 npm run dev`), `deno task test`. MITRE ATT&CK T1562.001 (Impair Defenses), T1489. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { ENGINE_PROCESS_WORDS } from "./engine_process_finders.ts";

/** Words of a process pattern or unit naming Shield or its sidecar. */
const SHIELD_PROCESS = /(?<![\w-])shield(?!\w)|classifier[-_ ]?sidecar|sidecar[-_ ]?classifier/i;
const NAMES_ENGINE = (text: string) => ENGINE_PROCESS_WORDS.test(text) || SHIELD_PROCESS.test(text);
const PATTERN_SIGNALLERS = /^(?:pkill|killall|skill|snice|pgrep)$/;
const THROTTLERS =
  /^(?:kill|cpulimit|prlimit|renice|ionice|chrt|taskset|gdb|strace|ltrace|gcore|lldb|perf|criu)$/;
const FINDER = /\$\(|`/;
const EVERY_DENO = /\$\(\s*(?:pgrep|pidof)(?:\s+-[a-z]+)*\s+['"]?deno['"]?\s*(?:\)|\|)/i;
const UNIT_CHANGES = /^(?:kill|stop|freeze|mask|disable|set-property|reload-or-restart)$/;
const UNIT_NAME = /parapet|(?<![\w-])shield(?!\w)|classifier[-_ ]?sidecar/i;

function tampersWithProcess(segment: Segment): string | undefined {
  const program = segment.program;
  const args = segment.argv.slice(1, 32);
  if (PATTERN_SIGNALLERS.test(program) && program !== "pgrep") {
    const patterns = args.filter((arg) => !arg.startsWith("-"));
    if (patterns.some((arg) => SHIELD_PROCESS.test(arg))) return "signals Shield's process by its name";
  }
  if (THROTTLERS.test(program) || PATTERN_SIGNALLERS.test(program)) {
    if (args.some((arg) => FINDER.test(arg) && (NAMES_ENGINE(arg) || EVERY_DENO.test(arg)))) {
      return "acts on the engine's or Shield's process, found by its name";
    }
    if (program === "cpulimit" || program === "prlimit") {
      const exe = args.findIndex((arg) => /^(?:-e|--exe|-P|--path)(?:=|$)/.test(arg));
      const target = exe < 0
        ? undefined
        : (args[exe].includes("=") ? args[exe].split("=")[1] : args[exe + 1]);
      if (target && (/(?:^|\/)deno$/.test(target) || NAMES_ENGINE(target))) {
        return "throttles the engine's runtime";
      }
    }
  }
  if (program === "systemctl" || program === "service") {
    const words = args.filter((arg) => !arg.startsWith("-"));
    const changes = words.some((word) => UNIT_CHANGES.test(word));
    if (changes && words.some((word) => UNIT_NAME.test(word))) {
      return "stops, freezes or limits the engine's service";
    }
  }
  if (/^(?:docker|podman)$/.test(program) && /^(?:pause|kill|stop|update)$/.test(args[0] ?? "")) {
    if (args.slice(1).some((arg) => !arg.startsWith("-") && UNIT_NAME.test(arg))) {
      return "pauses, stops or limits the engine's container";
    }
  }
  return undefined;
}

const ENGINE_BINARY = /^(?:parapet|parapet-engine|engine)$/;
const ENGINE_SUBCOMMANDS = /^(?:start|engine|serve)$/;
const INSTANCE_OPTIONS =
  /^(?:--config|-c|--port|-p|--policy[\w-]*|--data[\w-]*|--workspace|--shield[\w-]*|--no-shield)(?:=|$)/;
const SHIELD_OFF =
  /no-?shield|shield[-_.]?(?:off|disabled?|less)|unsafe|permissive|allow[-_]?all|bypass|disabled?/i;
const TEMPORARY = /^(?:\/tmp|\/var\/tmp|\/dev\/shm|\$TMPDIR|\$\{TMPDIR)/;

/** A segment starting the engine, with the options that make it another instance. */
function secondInstance(segment: Segment): { options: string[]; values: string[] } | undefined {
  const argv = segment.argv.slice(0, 48);
  const args = argv.slice(1);
  let rest: string[] | undefined;
  if (ENGINE_BINARY.test(segment.program) && ENGINE_SUBCOMMANDS.test(args[0] ?? "")) rest = args.slice(1);
  else if (segment.program === "deno") {
    const main = args.findIndex((arg) => /(?:^|\/)main\.ts$/.test(arg));
    if (main >= 0 && ENGINE_SUBCOMMANDS.test(args[main + 1] ?? "")) rest = args.slice(main + 2);
    else if (args[0] === "task" && /^(?:start|engine)$/.test(args[1] ?? "")) rest = args.slice(2);
  }
  if (!rest) return undefined;
  const options: string[] = [];
  const values: string[] = [];
  for (const [index, arg] of rest.entries()) {
    if (!INSTANCE_OPTIONS.test(arg)) continue;
    options.push(arg.split("=")[0]);
    const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : rest[index + 1];
    if (value !== undefined) values.push(value);
  }
  return options.length > 0 ? { options, values } : undefined;
}

/** The programs `tampersWithProcess` and `secondInstance` read (speed round 32 gates the check by name). */
export const tampersWith = (program: string): boolean =>
  PATTERN_SIGNALLERS.test(program) || THROTTLERS.test(program) || program === "systemctl" ||
  program === "service" || program === "docker" || program === "podman" || ENGINE_BINARY.test(program) ||
  program === "deno";

export function judgeEngineProcessTampering(
  tool: string,
  segments: readonly Segment[],
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) {
    const tamper = tampersWithProcess(segment);
    if (tamper) {
      findings.block("engine", `"${segment.text.slice(0, 60)}" ${tamper}`);
      return;
    }
    const instance = secondInstance(segment);
    if (!instance) continue;
    const unguarded = instance.options.some((option) => /shield/.test(option)) ||
      instance.values.some((value) => SHIELD_OFF.test(value) || TEMPORARY.test(value));
    const what = `"${tool}" starts a second engine (${instance.options.join(", ")})`;
    if (unguarded) findings.block("engine", `${what} with a config of its own choosing`);
    else findings.escalate("engine", `${what} beside the running one`);
    return;
  }
}
