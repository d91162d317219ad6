/** Containers started with the host's power or data: privileged mode, host namespaces, the host's root or
 * Docker socket mounted (BLOCK: a way out of any sandbox), the home folder or system folders mounted, images
 * pulled from bare-IP or lookalike registries; LXD/Incus privileged containers with host disks; pods that ask
 * for the node (`hostPID`, `privileged`, `hostPath: /`). */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";
import { readHost } from "./hosts.ts";
import { programs } from "./programs.ts";
import { judgeImageName } from "./image_lookalikes.ts";

const ENGINES = /^(?:docker|podman|nerdctl|finch|lima|colima)$/;
const VALUED = new Set([
  "-v",
  "--volume",
  "--mount",
  "-e",
  "--env",
  "-p",
  "--publish",
  "--name",
  "-w",
  "--workdir",
  "--network",
  "--net",
  "-u",
  "--user",
  "--entrypoint",
  "--env-file",
  "-l",
  "--label",
  "--platform",
  "--pid",
  "--ipc",
  "--cap-add",
  "--security-opt",
  "--device",
  "-h",
  "--hostname",
  "--restart",
  "-m",
  "--memory",
  "--cpus",
  "--gpus",
  "--userns",
  "--add-host",
  "--tmpfs",
  "--log-driver",
  "--pull",
]);
/** Public container registries of the major hosts (images and OCI artefacts such as dev container features). */
export const KNOWN_REGISTRIES =
  /^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io|ghcr\.io|quay\.io|gcr\.io|[\w-]+\.gcr\.io|[\w-]+\.pkg\.dev|mcr\.microsoft\.com|public\.ecr\.aws|\d+\.dkr\.ecr\.[\w-]+\.amazonaws\.com|registry\.k8s\.io|k8s\.gcr\.io|registry\.gitlab\.com|nvcr\.io|cgr\.dev|docker\.elastic\.co|lscr\.io|localhost(?::\d+)?)$/;

function optionValues(args: string[], names: string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [name, glued] = args[i].split(/=(.*)/s);
    if (names.includes(name)) values.push(glued ?? args[i + 1] ?? "");
  }
  return values;
}

/** The host side of a `-v SRC:DST` or `--mount type=bind,source=SRC,...`. */
function mountSource(value: string): string | undefined {
  const bind = /(?:^|,)(?:source|src)=([^,]+)/.exec(value);
  if (bind) return bind[1];
  const colon = value.indexOf(":");
  return colon > 0 ? value.slice(0, colon) : undefined;
}

function judgeMounts(sources: string[], environment: ShieldEnvironment, findings: Findings): boolean {
  let hostRoot = false;
  for (const source of sources) {
    if (!/^[/~$.]/.test(source)) continue; // a named volume
    if (/docker\.sock|containerd\.sock|podman\.sock/.test(source)) {
      findings.block("exec", `a container gets the host's container socket ("${source}")`);
      continue;
    }
    const path = normalizePath(source, environment.workspace, environment.home);
    if (path.absolute === "/") {
      hostRoot = true;
      findings.block("exec", "a container gets the host's whole file system");
      continue;
    }
    const kind = classifyPath(path, environment);
    if (kind === "engine") findings.block("engine", `a container gets the engine's files ("${source}")`);
    else if (
      kind === "secret" || kind === "secret-container" || kind === "system" || kind === "persistence"
    ) {
      findings.escalate("read", `a container gets "${path.absolute}" from the host`);
    }
  }
  return hostRoot;
}

export function judgeImage(
  image: string | undefined,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!image) return;
  const first = image.split("/")[0];
  if (!image.includes("/") || !/[.:]|^localhost$/.test(first) || KNOWN_REGISTRIES.test(first)) return;
  const host = readHost(`https://${first}/`, environment);
  if (!host || host.loopback || host.allowed) return;
  if (host.lookalike) {
    findings.block("install", `runs an image from "${first}", a lookalike of "${host.lookalike}"`);
  } else findings.escalate("install", `runs an image from the registry "${first}"`);
}

function judgeRun(argv: string[], environment: ShieldEnvironment, findings: Findings): void {
  const at = argv.findIndex((arg, index) => index > 0 && /^(?:run|create)$/.test(arg));
  if (at < 0) return;
  const args = argv.slice(at + 1);
  let image: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const [name, glued] = args[i].split(/=(.*)/s);
    if (!name.startsWith("-")) {
      image = args[i];
      break;
    }
    if (glued === undefined && VALUED.has(name)) i++;
  }
  const privileged = args.includes("--privileged") ||
    optionValues(args, ["--cap-add"]).some((cap) => /^(?:all|sys_admin|sys_module|sys_ptrace)$/i.test(cap));
  // The host's network namespace is one too: the container reaches every loopback service (the engine's port).
  const hostPid = optionValues(args, ["--pid", "--ipc", "--userns", "--network", "--net"]).includes("host");
  const unconfined = optionValues(args, ["--security-opt"]).some((value) => /unconfined/.test(value));
  const sources = optionValues(args, ["-v", "--volume", "--mount"]).map(mountSource).filter((source) =>
    source !== undefined
  ) as string[];
  const hostRoot = judgeMounts(sources, environment, findings);
  if (privileged && (hostPid || hostRoot)) findings.block("exec", "a privileged container enters the host");
  else if (privileged || hostPid || unconfined) {
    findings.escalate("exec", "a container runs with the host's privileges or namespaces");
  }
  judgeImage(image, environment, findings);
  judgeImageName(image, findings);
}

/** LXD/Incus: privileged containers and host disks given to them. */
function judgeLxd(segment: Segment, findings: Findings): void {
  const text = segment.argv.join(" ");
  if (/security\.privileged[= ]true|security\.nesting[= ]true/.test(text)) {
    findings.escalate("exec", `"${basename(segment.argv[0])}" makes a privileged container`);
  }
  if (/\bdevice add\b.*\bdisk\b.*\bsource=\/(?:\s|$)/.test(text)) {
    findings.block("exec", `"${basename(segment.argv[0])}" gives a container the host's whole file system`);
  }
}

function judgePod(segment: Segment, findings: Findings): void {
  const text = segment.argv.join(" ");
  if (!/\b(?:run|create|apply|debug)\b/.test(text)) return;
  const privileged = /"privileged"\s*:\s*true|privileged:\s*true|--privileged\b/.test(text);
  const node =
    /"host(?:PID|Network|IPC)"\s*:\s*true|host(?:PID|Network|IPC):\s*true|"hostPath"\s*:\s*\{\s*"path"\s*:\s*"\/"|\bdebug\s+node\//
      .test(text);
  if (privileged && node) findings.block("exec", "a pod takes over its node");
  else if (privileged || node) findings.escalate("exec", "a pod asks for its node's privileges");
}

const ENGINE_PROGRAMS = programs(ENGINES);
const LXD_PROGRAMS = programs(/^(?:lxc|incus)$/);
const KUBERNETES_PROGRAMS = programs(/^(?:kubectl|oc)$/);

/** Whether judgeContainers looks at a segment of `program` (its loop starts with this test). */
export const runsContainersWith = (program: string): boolean =>
  ENGINE_PROGRAMS.has(program) || LXD_PROGRAMS.has(program) || KUBERNETES_PROGRAMS.has(program);

export function judgeContainers(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    const program = segment.program;
    if (!runsContainersWith(program)) continue;
    if (ENGINE_PROGRAMS.has(program)) {
      judgeRun(segment.argv, environment, findings);
      if (segment.argv[1] === "pull") {
        const image = segment.argv.slice(2).find((arg) => !arg.startsWith("-"));
        judgeImage(image, environment, findings);
        judgeImageName(image, findings);
      }
    } else if (LXD_PROGRAMS.has(program)) judgeLxd(segment, findings);
    else if (KUBERNETES_PROGRAMS.has(program)) judgePod(segment, findings);
  }
}
