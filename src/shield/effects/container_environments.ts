/** Container environments printed (round 20): `docker|podman|nerdctl exec CONTAINER env`, `docker compose exec
 * SERVICE printenv`, `kubectl exec POD -- env`, `kubectl set env --list` and `docker inspect` formatted or filtered
 * over `.Config.Env` print the variables a service was started with -- where its database passwords and API keys
 * live; a whole `docker inspect CONTAINER` and `kubectl get secret -o yaml|json` print them too (round 22). Running
 * other commands in a container, inspecting its state, an image, and listing secrets' names pass. Sources: MITRE ATT&CK T1552.007
 * (Container API); Kubernetes docs "Define Environment Variables for a Container"; Docker docs `docker inspect`. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const ENGINES = new Set(["docker", "podman", "nerdctl", "kubectl", "oc", "crictl"]);
/** exec options that take a value as the next word (docker, podman, kubectl). */
const VALUED = new Set([
  "-u",
  "--user",
  "-e",
  "--env",
  "--env-file",
  "-w",
  "--workdir",
  "-c",
  "--container",
  "-n",
  "--namespace",
  "--context",
  "--index",
  "-f",
  "--file",
  "-p",
  "--project-name",
]);
const PRINTERS = new Set(["env", "printenv"]);
const SHELL_PRINT = /(?:^|[;&|]\s*)(?:env|printenv|set|export\s+-p)\b|\/proc\/[\w$]+\/environ/;
const ENVIRONMENT_FIELD = /\bEnv\b|\.env\b/;

function basename(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

/** The command run inside the container by an `exec` line, as words. */
function innerCommand(argv: readonly string[], at: number): readonly string[] {
  const dashes = argv.indexOf("--", at);
  if (dashes >= 0) return argv.slice(dashes + 1);
  let target = false;
  for (let index = at + 1; index < argv.length; index++) {
    const word = argv[index];
    if (VALUED.has(word)) index++;
    else if (word.startsWith("-")) continue;
    else if (!target) target = true;
    else return argv.slice(index);
  }
  return [];
}

function printsEnvironment(inner: readonly string[]): boolean {
  if (inner.length === 0) return false;
  const program = basename(inner[0]);
  if (PRINTERS.has(program)) return true;
  if (program === "cat" && inner.some((word) => /^\/proc\/[\w$]+\/environ$/.test(word))) return true;
  const code = inner.indexOf("-c");
  return /^(?:ba|da|z|a)?sh$/.test(program) && code > 0 && SHELL_PRINT.test(inner[code + 1] ?? "");
}

/** `docker inspect` whose format, or a filter piped after it, picks the environment. */
function inspectsEnvironment(segments: readonly Segment[], index: number): boolean {
  const argv = segments[index].argv;
  if (argv.slice(1).some((word) => ENVIRONMENT_FIELD.test(word) && /\{\{|\.Config|jsonpath/.test(word))) {
    return true;
  }
  const next = segments[index + 1];
  return next !== undefined && next.joinedBy === "|" &&
    next.argv.slice(1).some((word) => /\.Config\.Env\b/.test(word));
}

/** A whole `docker|podman inspect` of a container (no format, not an image, network or volume): its JSON holds
 * `Config.Env` with every variable's value (round 22). */
function inspectsWholeContainer(argv: readonly string[]): boolean {
  const at = argv.indexOf("inspect");
  if (at < 1 || (at === 2 && argv[1] !== "container") || at > 2) return false;
  const rest = argv.slice(at + 1);
  if (rest.some((word) => /^(?:-f|--format|--type)(?:=|$)/.test(word))) return false;
  const operands = rest.filter((word) => !word.startsWith("-"));
  return operands.length > 0 && operands.every((word) => !/[:/@]/.test(word));
}

/** `kubectl get secret(s) ... -o yaml|json|jsonpath|go-template` prints the secrets' values (base64 is no cover). */
function printsSecretValues(argv: readonly string[]): boolean {
  const at = argv.indexOf("get");
  if (at < 1 || !/^(?:secrets?|secret\/\S+)$/.test(argv[at + 1] ?? "")) return false;
  return argv.some((word, index) =>
    /^(?:-o|--output)=?(?:yaml|json|jsonpath|go-template)/.test(word) ||
    ((word === "-o" || word === "--output") &&
      /^(?:yaml|json|jsonpath|go-template)/.test(argv[index + 1] ?? ""))
  );
}

/** The test judgeContainerEnvironments's segment loop starts with (a gate of `profile_gates.ts`). */
export const printsEnvironmentsWith = (program: string): boolean => ENGINES.has(program);

export function judgeContainerEnvironments(
  tool: string,
  segments: readonly Segment[],
  findings: Findings,
): void {
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    if (!ENGINES.has(segment.program)) continue;
    const argv = segment.argv;
    const exec = argv.indexOf("exec");
    const prints = (exec > 0 && printsEnvironment(innerCommand(argv, exec))) ||
      (argv.includes("inspect") && inspectsEnvironment(segments, index)) ||
      (argv.includes("set") && argv.includes("env") && argv.includes("--list")) ||
      (segment.program !== "kubectl" && segment.program !== "oc" && inspectsWholeContainer(argv)) ||
      ((segment.program === "kubectl" || segment.program === "oc") && printsSecretValues(argv));
    if (!prints) continue;
    findings.escalate("read", `"${tool}" prints a container's environment or a cluster's secrets`);
    return;
  }
}
