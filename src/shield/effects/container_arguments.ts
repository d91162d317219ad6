/** Containers and pods started through open-world tools (a Docker or Kubernetes MCP server): the same host
 * privileges the shell parse catches in `docker run --privileged -v /:/host`, read from arguments and manifests
 * (`privileged: true`, `hostPID: true`, a `hostPath` of `/`, the container socket, `SYS_ADMIN`). */

import type { Findings } from "./findings.ts";

const HOST_MODE_KEY =
  /^(?:host_?pid|host_?network|host_?ipc|pid_?mode|network_?mode|ipc_?mode|userns_?mode)$/i;
const MOUNT_KEY = /^(?:volumes?|binds?|mounts?|volume_?mounts|host_?path|source)$/i;
const HOST_SOURCE =
  /^(?:\/|\/(?:etc|root|proc|sys|boot|home|var\/run\/docker\.sock|run\/docker\.sock)\/?)(?::|$)/;
const MANIFEST =
  /\bprivileged["']?\s*:\s*true\b|\bhost(?:PID|Network|IPC)["']?\s*:\s*true\b|\bhostPath["']?\s*:\s*\{?\s*(?:#[^\n]*)?\n?\s*["']?path["']?\s*:\s*["']?\/["']?(?:\s|,|\}|$)|docker\.sock\b|\bSYS_ADMIN\b/;

function hostPrivileges(payload: Record<string, unknown>): boolean {
  let found = false;
  const visit = (key: string, value: unknown, depth: number) => {
    if (found || depth > 4) return;
    if (/^privileged$/i.test(key) && value === true) found = true;
    else if (HOST_MODE_KEY.test(key) && (value === true || value === "host")) found = true;
    else if (/^cap_?add$/i.test(key) && JSON.stringify(value ?? "").match(/SYS_ADMIN|"ALL"/i)) found = true;
    else if (typeof value === "string") {
      if (MOUNT_KEY.test(key) && HOST_SOURCE.test(value)) found = true;
      else if (value.length < 64 * 1024 && MANIFEST.test(value)) found = true;
    } else if (Array.isArray(value)) value.slice(0, 64).forEach((item) => visit(key, item, depth + 1));
    else if (value && typeof value === "object") {
      for (const [inner, item] of Object.entries(value).slice(0, 64)) visit(inner, item, depth + 1);
    }
  };
  for (const [key, value] of Object.entries(payload).slice(0, 64)) visit(key, value, 0);
  return found;
}

export function judgeContainerArguments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (hostPrivileges(payload)) {
    findings.escalate("exec", `"${tool}" starts a container with the host's privileges or files`);
  }
}
