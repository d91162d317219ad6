/** Code fetched and run by a runtime *tool* (round 19): `deno_run {script: URL}`, `node_exec {entrypoint: URL}`,
 * `python_run {script: URL}`. The shell parse judges `deno run URL`; a tool that runs things and is handed a script
 * address files it as code or as a command line of one word, so no host was judged. Allowed and loopback hosts pass,
 * ordinary HTTPS hosts escalate, bare IPs, plain HTTP and lookalikes BLOCK (as `remote_runs.ts` does for commands).
 * Sources: Deno manual, "Modules: remote imports"; MITRE ATT&CK T1105 (Ingress Tool Transfer), T1059. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { ordinaryHost } from "./fetched_code.ts";
import { readHost } from "./hosts.ts";
import { payloadStrings } from "./payload_strings.ts";
import { identifierWords } from "./words.ts";

/** A whole value that is one network address. */
const WHOLE_URL = /^(?:https?|ftp):\/\/[^\s"'<>`]+$/i;
/** Argument-name words that say the value is what runs. */
const SCRIPT_KEY_WORDS = new Set([
  "script",
  "entry",
  "entrypoint",
  "module",
  "program",
  "source",
  "src",
  "main",
  "code",
  "file",
  "import",
  "cell",
]);
const CODE_OPTION = /^(?:-c|-e|--eval|-r|--run)$/;
/** Address paths that name a script whatever the argument is called. */
const SCRIPT_PATH = /\.(?:[cm]?[jt]sx?|py|rb|sh|bash|pl|php|ps1|lua|groovy|kts?)(?:[?#].*)?$/i;

function runsAsScript(key: string, url: string): boolean {
  if (identifierWords(key).some((word) => SCRIPT_KEY_WORDS.has(word))) return true;
  return SCRIPT_PATH.test(url.replace(/^[a-z]+:\/\/[^/]+/i, ""));
}

/** Addresses a command line built from a tool's arguments runs: one at command position, or the inline code of an
 * interpreter (`python3 -c URL`) that is nothing but an address. */
function runAddresses(segments: readonly Segment[]): string[] {
  const found: string[] = [];
  for (const segment of segments.slice(0, 8)) {
    const argv = segment.argv;
    if (WHOLE_URL.test(argv[0] ?? "")) found.push(argv[0]);
    const at = argv.findIndex((arg, index) => index > 0 && CODE_OPTION.test(arg));
    if (at > 0 && WHOLE_URL.test((argv[at + 1] ?? "").trim())) found.push(argv[at + 1].trim());
  }
  return found;
}

/** For a tool that runs things: a script address among its arguments, judged by its host. */
export function judgeRuntimeToolScripts(
  view: ActionView,
  executes: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  // Our command tool under another name (`python_run`) runs its arguments too; `execute_command` itself is parsed.
  const runs = executes || (view.type === "execute_command" && view.tool !== view.type);
  if (!runs) return;
  const tool = view.tool;
  const candidates = payloadStrings(view.payload).filter(({ key, value }) =>
    value.length <= 2048 && WHOLE_URL.test(value.trim()) && runsAsScript(key, value.trim())
  ).map(({ value }) => value.trim());
  if (view.tool !== view.type) candidates.push(...runAddresses(view.segments));
  for (const url of candidates) {
    const host = readHost(url, environment);
    if (host && (host.allowed || host.loopback)) continue;
    const level = host && ordinaryHost(host) ? "escalate" : "block";
    findings.add(level, "exec", `"${tool}" runs code fetched from "${url.slice(0, 80)}"`);
    return;
  }
}
