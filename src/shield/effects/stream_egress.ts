/** Local data piped into a connection to another host (`tar cz src | ssh backup@203.0.113.40 'cat > x'`,
 * `... | nc 203.0.113.5 9000`, `... | socat - TCP:host:port`), or local files copied to one (`scp -r reports/
 * backup@203.0.113.7:/srv/`, `rsync -a data/ 203.0.113.4::module`): the host receives whatever the pipe or the
 * copy carries. Piped data to any host that is neither loopback nor allowed escalates; copies escalate when they go
 * to a public bare address, a lookalike or a staging host (deploys to the user's named servers are ordinary). The
 * user's own servers reached by ssh without a pipe, and copies fetched from a host, are left alone. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const RECEIVERS = new Set(["ssh", "nc", "ncat", "netcat", "socat", "telnet", "openssl"]);
const SSH_VALUED = /^-[bcDEeFIiJLlmOoopQRSWw]$/;

function targetHost(segment: Segment): string | undefined {
  const argv = segment.argv;
  if (segment.program === "socat") {
    const address = argv.slice(1).find((arg) => /^(?:tcp|tcp4|tcp6|udp|openssl|ssl)[-:]/i.test(arg));
    return address?.split(":")[1];
  }
  if (segment.program === "openssl") {
    const at = argv.indexOf("-connect");
    return at > 0 ? argv[at + 1]?.replace(/:\d+$/, "") : undefined;
  }
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("-")) {
      if (segment.program === "ssh" && SSH_VALUED.test(arg)) i++;
      else if (segment.program !== "ssh" && /^-[pswqi]$/.test(arg)) i++;
      continue;
    }
    return arg.replace(/^[^@]*@/, "");
  }
  return undefined;
}

/** Whether judgeStreamEgress looks at a segment of this program. */
export const streamsWith = (program: string): boolean => RECEIVERS.has(program);

export function judgeStreamEgress(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) {
    if (segment.joinedBy !== "|" || !streamsWith(segment.program)) continue;
    const host = targetHost(segment);
    if (!host || host.length > 253) continue;
    const reading = readHost(`ssh://${host}`, environment);
    if (reading && !reading.loopback && !reading.allowed) {
      findings.escalate("network", `pipes local data to "${reading.host}" over ${segment.program}`);
      return;
    }
  }
}

const COPIERS = new Set(["scp", "rsync"]);
/** Private, shared and link-local address ranges (RFC 1918, RFC 6598, RFC 3927, IPv6 ULA and link-local). */
export const PRIVATE_ADDRESS =
  /^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|169\.254\.|\[?f[cd][0-9a-f]{2}:|\[?fe80:)/i;
/** Options of scp and rsync that take the next word as their value. */
const COPY_VALUED =
  /^-[cFiJlopPSe]$|^--(?:rsh|port|exclude|include|filter|exclude-from|include-from|files-from)$/;
export const REMOTE = /^(?:rsync:\/\/(?:[^@/\s]*@)?([^/:\s]+)|(?:[^@/\s]+@)?(\[[^\]\s]+\]|[^:/\s]+)::?)/;

/** An rsync/scp copy's operands (options and their values left out) and the host of its last remote operand after
 * the first, the destination (words after it may be prose around a command in a prompt); `sources` are the operands
 * before it. No host when no operand after the first is remote. */
export function copyOperands(segment: Segment): { sources: string[]; host?: string } {
  const operands: string[] = [];
  const argv = segment.argv;
  for (let i = 1; i < argv.length && operands.length < 64; i++) {
    if (argv[i].startsWith("-")) {
      if (COPY_VALUED.test(argv[i])) i++;
      continue;
    }
    operands.push(argv[i]);
  }
  let last = operands.length - 1;
  while (last > 0 && !REMOTE.test(operands[last])) last--;
  const target = last > 0 ? REMOTE.exec(operands[last]) : null;
  if (!target) return { sources: [] };
  return { sources: operands.slice(0, last), host: (target[1] ?? target[2]).replace(/^\[|\]$/g, "") };
}

/** The host a copy sends to: its last remote operand, when an earlier operand is local. */
function copyDestination(segment: Segment): string | undefined {
  const { sources, host } = copyOperands(segment);
  return sources.some((operand) => !REMOTE.test(operand)) ? host : undefined;
}

/** Local files copied to a host that is neither loopback nor allowed. */
/** Whether judgeCopyEgress looks at a segment of this program. */
export const copiesWith = (program: string): boolean => COPIERS.has(program);

export function judgeCopyEgress(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) {
    if (!copiesWith(segment.program)) continue;
    const host = copyDestination(segment);
    if (!host || host.length < 2 || host.length > 253) continue;
    const reading = readHost(`ssh://${host}`, environment);
    // The user's own servers go by name (`web1.acme.io`, `nas.local`) or by a private address; a public bare
    // address, a lookalike or a staging host is where copies go to leave.
    const outside = reading && !reading.loopback && !reading.allowed &&
      ((reading.bareIp && !PRIVATE_ADDRESS.test(reading.host)) || reading.suspicious || reading.lookalike);
    if (reading && outside) {
      findings.escalate("network", `copies local files to "${reading.host}" with ${segment.program}`);
      return;
    }
  }
}
