/** Files sent out through raw network programs (round 22): `openssl s_client -connect H:P < FILE`, `nc H P < FILE`,
 * `cat FILE | ncat --ssl H P`, `socat -u FILE:x TCP:H:P`, `telnet H P < FILE`, `curl -T FILE telnet://H:P`: the
 * file's bytes go to whoever listens there, with no HTTP request any upload check reads. A connection given no
 * input (`</dev/null`, `echo |` before a certificate check), a port probe (`nc -z`) and loopback pass.
 * Sources: GTFOBins openssl/nc/socat/telnet "File upload"; PayloadsAllTheThings Reverse Shell Cheatsheet;
 * HackTricks "Exfiltration". */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const SOCKET_PROGRAMS = new Set(["nc", "ncat", "netcat", "socat", "telnet", "openssl", "gnutls-cli", "curl"]);
const EMPTY_INPUT = /^\/dev\/(?:null|zero|stdin|tty)$/;
const LOOPBACK = /^(?:localhost|127\.\d+\.\d+\.\d+|::1|\[::1\]|0\.0\.0\.0)(?::\d+)?$/i;
/** Programs whose output is a file's content when they are given a path (`cat FILE |`, `tar c DIR |`). */
const FILE_PRINTERS = new Set([
  "cat",
  "tac",
  "head",
  "tail",
  "tar",
  "zip",
  "gzip",
  "base64",
  "xxd",
  "dd",
  "pv",
]);
const RAW_SCHEMES = /^(?:telnet|dict|gopher|tftp):\/\//i;

/** Whether a segment opens a raw connection to a host that is not this machine; its host words. */
/** The test judgeSocketUploads's segment loop starts with (`remoteHosts`; a gate of `shell_round22.ts`). */
export const uploadsRawWith = (program: string): boolean => SOCKET_PROGRAMS.has(program);

function remoteHosts(segment: Segment): string[] | undefined {
  const { program, argv } = segment;
  if (!uploadsRawWith(program)) return undefined;
  if (program === "openssl") {
    if (argv[1] !== "s_client") return undefined;
    const at = argv.findIndex((word) => word === "-connect" || word === "--connect");
    return at > 0 && argv[at + 1] ? [argv[at + 1].replace(/:\d+$/, "")] : undefined;
  }
  if (program === "curl") {
    const raw = argv.filter((word) => RAW_SCHEMES.test(word));
    return raw.length > 0 ? raw.map((url) => url.replace(RAW_SCHEMES, "").split(/[:/]/)[0]) : undefined;
  }
  if (program === "socat") {
    const network = argv.filter((word) => /^(?:tcp|tcp4|tcp6|udp|openssl|ssl)[46]?:/i.test(word));
    return network.length > 0 ? network.map((address) => address.split(":")[1] ?? "") : undefined;
  }
  if (argv.some((word) => /^-[a-y]*z/.test(word))) return undefined;
  const operands = argv.slice(1).filter((word) => !word.startsWith("-") && !/^\d+$/.test(word));
  return operands.length > 0 ? operands.slice(0, 1) : undefined;
}

/** The file a segment reads as its input, if it is fed one: `< FILE`, a printer of a file piped in, `-T FILE`, or
 * socat's `FILE:`/`OPEN:` address. */
function fedFile(segments: readonly Segment[], index: number): string | undefined {
  const segment = segments[index];
  const input = segment.redirects.find((redirect) =>
    redirect.op === "<" && !EMPTY_INPUT.test(redirect.target)
  );
  if (input) return input.target;
  if (segment.program === "socat") {
    const file = segment.argv.find((word) => /^(?:file|open|gopen|create):/i.test(word));
    if (file) return file.slice(file.indexOf(":") + 1).split(",")[0];
  }
  if (segment.program === "curl") {
    const at = segment.argv.findIndex((word) => word === "-T" || word === "--upload-file");
    if (at > 0 && segment.argv[at + 1]) return segment.argv[at + 1];
  }
  const before = segments[index - 1];
  if (segment.joinedBy !== "|" || !before || !FILE_PRINTERS.has(before.program)) return undefined;
  const fromRedirect = before.redirects.find((redirect) => redirect.op === "<")?.target;
  return fromRedirect ??
    before.argv.slice(1).find((word) => !word.startsWith("-") && !EMPTY_INPUT.test(word));
}

export function judgeSocketUploads(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (let index = 0; index < segments.length; index++) {
    const hosts = remoteHosts(segments[index]);
    if (!hosts || hosts.every((host) => LOOPBACK.test(host))) continue;
    const file = fedFile(segments, index);
    if (!file) continue;
    findings.escalate(
      "network",
      `"${tool}" sends "${file}" over a raw connection to "${hosts[0]}" with ${segments[index].program}`,
    );
    return;
  }
}
