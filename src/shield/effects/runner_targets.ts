/** Package runners pointed at a server on a bare IP, plain HTTP or a staging host (`npx -y mcp-remote
 * http://203.0.113.5:8080/sse`): the runner fetches a tool that then trusts whatever that server sends
 * (CVE-2025-6514 ran commands from a malicious MCP server's metadata). Named HTTPS hosts pass. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { programs } from "./programs.ts";

const RUNNERS = programs(/^(?:npx|bunx|uvx|pnpx)$/);
const DLX = programs(/^(?:pnpm|yarn|bun)$/);
const URL = /^(?:https?|wss?):\/\/\S+$/i;

/** Whether judgeRunnerTargets looks at a segment of `program` (its loop starts with this test). */
export const pointsRunnersWith = (program: string): boolean => RUNNERS.has(program) || DLX.has(program);

export function judgeRunnerTargets(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!pointsRunnersWith(segment.program)) continue;
    const runs = RUNNERS.has(segment.program) ||
      (DLX.has(segment.program) && /^(?:dlx|x)$/.test(segment.argv[1] ?? ""));
    if (!runs) continue;
    for (const arg of segment.argv.slice(1, 24)) {
      if (!URL.test(arg)) continue;
      const host = readHost(arg, environment);
      if (!host || host.allowed || host.loopback) continue;
      if (host.bareIp || host.lookalike || host.suspicious || /^(?:http|ws)$/i.test(host.scheme)) {
        findings.escalate("network", `"${segment.program}" points the tool it runs at "${host.host}"`);
        return;
      }
    }
  }
}
