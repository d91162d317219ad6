/** Routes to the engine that name no file and no URL: kills fed by a pipeline that finds the engine's process
 * or port (`ps aux | grep 'main.ts engine' | awk ... | xargs kill`, `lsof -ti tcp:3100 | xargs kill`), raw
 * connections to its API port (`... | nc localhost 3100`, `websocat ws://...`), and the engine's own CLI told to change
 * its settings or policy (`parapet config set shield.enabled false`, `deno run -A ../main.ts config set ...`). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { ENGINE_PROCESS_WORDS, signalsFoundEngine } from "./engine_process_finders.ts";

const KILLERS = /^(?:kill|pkill|killall|skill)$/;
const RAW_CLIENTS = new Set(["nc", "ncat", "netcat", "socat", "telnet", "websocat", "wscat"]);
const ENGINE_NAMES = /parapet|main\.ts\b|\bdeno\b[^|]*\b(?:engine|start)\b/i;
const SETTING_WORDS = /^(?:set|unset|off|disable|reset|permissive|allow-all|delete)$/i;

const portPatterns = new Map<string, RegExp>();

/** One pattern per set of engine ports (built once): a port as its own word, after `:`, `=` or `/`. */
function portPattern(environment: ShieldEnvironment): RegExp {
  const key = environment.enginePorts.join(",");
  let pattern = portPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(`(?:^|[\\s:=/])(?:${environment.enginePorts.join("|")})(?:/tcp)?(?=$|[\\s'"])`);
    if (portPatterns.size < 16) portPatterns.set(key, pattern);
  }
  return pattern;
}

function mentionsPort(text: string, environment: ShieldEnvironment): boolean {
  return environment.enginePorts.length > 0 && portPattern(environment).test(text);
}

function engineCli(segment: Segment, environment: ShieldEnvironment): boolean {
  const argv = segment.argv;
  const viaMain = segment.program === "deno" &&
    argv.some((arg) =>
      /(?:^|\/)main\.ts$/.test(arg) && !arg.startsWith(environment.workspace) && arg.includes("..")
    );
  if (segment.program !== "parapet" && !viaMain) return false;
  return argv.some((arg) => /^(?:config|policy|shield|settings)$/.test(arg)) &&
    argv.some((arg) => SETTING_WORDS.test(arg));
}

/** Whether judgeEngineRoutes looks at a command with a segment of `program` (it looks at none without one). */
export function routesToEngineWith(program: string): boolean {
  return KILLERS.test(program) || program === "xargs" || RAW_CLIENTS.has(program) || program === "parapet" ||
    program === "deno";
}

export function judgeEngineRoutes(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const candidate = segments.some((segment) => routesToEngineWith(segment.program));
  if (!candidate) return;
  const line = segments.map((segment) => segment.text).join(" | ");
  const findsEngine = ENGINE_NAMES.test(line) || ENGINE_PROCESS_WORDS.test(line) ||
    mentionsPort(line, environment);
  for (const segment of segments.slice(0, 64)) {
    const killer = KILLERS.test(segment.program) ||
      (segment.program === "xargs" && segment.argv.slice(1).some((arg) => KILLERS.test(arg)));
    if (killer && segment.joinedBy === "|" && findsEngine) {
      findings.block("engine", "kills processes found by the engine's name or port");
      return;
    }
    if (killer && signalsFoundEngine(segment)) {
      findings.block(
        "engine",
        `"${segment.text.slice(0, 60)}" signals the engine's process, found by its name`,
      );
      return;
    }
    if (
      RAW_CLIENTS.has(segment.program) && mentionsPort(segment.text, environment) &&
      /\b(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?)\b/.test(segment.text)
    ) {
      findings.block("engine", `"${segment.program}" connects to the engine's API port`);
      return;
    }
    if (engineCli(segment, environment)) {
      findings.block("engine", "runs the engine's own CLI to change its settings or policy");
      return;
    }
  }
}
