/** Servers that run code or hold data started on every interface with their authentication switched off (round 55;
 * Jupyter Server's security docs, code-server's FAQ, Docker's daemon-socket docs, the MongoDB security checklist,
 * Kubernetes' `kubectl proxy` docs; Aqua's and Wiz's reports on exposed Jupyter and Docker APIs): Jupyter with an
 * empty token and password or its XSRF check off, code-server with `--auth none`, `ttyd`/`gotty` serving a shell
 * without credentials, Docker's daemon on `tcp://` without `--tlsverify`, `kubectl proxy` accepting every host --
 * anyone who reaches the port runs code: BLOCK. A database on every interface without `--auth` (`mongod
 * --bind_ip_all`) ESCALATEs. The same servers on loopback, or with their token or password left on (`jupyter lab --ip
 * 0.0.0.0` keeps its token), find nothing. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const SERVERS = new Set([
  "jupyter",
  "jupyter-lab",
  "jupyter-notebook",
  "jupyter-server",
  "code-server",
  "dockerd",
  "mongod",
  "ttyd",
  "gotty",
  "kubectl",
  "openvscode-server",
]);

/** Whether judgeExposedServers looks at a segment of this program. */
export const exposesWith = (program: string): boolean => SERVERS.has(program);

const ALL_INTERFACES = /^(?:0\.0\.0\.0|\*|::|\[::\]|)$/;

/** The value of an option (`--ip 0.0.0.0`, `--ip=0.0.0.0`, `--ServerApp.ip='*'`), by its name's pattern. */
function optionValue(argv: readonly string[], name: RegExp): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const [key, value] = argv[i].includes("=")
      ? [argv[i].slice(0, argv[i].indexOf("=")), argv[i].slice(argv[i].indexOf("=") + 1)]
      : [argv[i], undefined];
    if (!name.test(key)) continue;
    return (value ?? argv[i + 1] ?? "").replace(/^["']|["']$/g, "");
  }
  return undefined;
}

/** Every value of an option given more than once (`dockerd -H unix://... -H tcp://...`). */
function optionValues(argv: readonly string[], name: RegExp): string[] {
  const values: string[] = [];
  for (let i = 1; i < argv.length && values.length < 16; i++) {
    const at = argv[i].indexOf("=");
    const key = at >= 0 ? argv[i].slice(0, at) : argv[i];
    if (!name.test(key)) continue;
    values.push((at >= 0 ? argv[i].slice(at + 1) : argv[i + 1] ?? "").replace(/^["']|["']$/g, ""));
  }
  return values;
}

/** Whether a bind address (`0.0.0.0:8080`, `*`, `[::]:80`) is every interface. */
function everyInterface(value: string | undefined): boolean {
  if (value === undefined) return false;
  return ALL_INTERFACES.test(value.replace(/:\d+$/, "").replace(/^tcp:\/\//, ""));
}

function judgeJupyter(argv: readonly string[]): boolean {
  const ip = optionValue(argv, /^--(?:(?:ServerApp|NotebookApp)\.)?ip$/i);
  const token = optionValue(argv, /^--(?:ServerApp|NotebookApp|IdentityProvider)\.token$/i);
  const password = optionValue(argv, /^--(?:ServerApp|NotebookApp|PasswordIdentityProvider)\.password$/i);
  const xsrfOff = argv.some((arg) =>
    /^--(?:ServerApp|NotebookApp)\.disable_check_xsrf(?:=(?:true|1))?$/i.test(arg)
  );
  return everyInterface(ip) && (token === "" || xsrfOff) && (password === undefined || password === "");
}

export function judgeExposedServers(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    const program = segment.program;
    if (!SERVERS.has(program)) continue;
    const argv = segment.argv;
    if (program.startsWith("jupyter") && judgeJupyter(argv)) {
      findings.block(
        "security",
        "starts Jupyter on every interface with no token or password: anyone runs code",
      );
    } else if (program === "code-server" || program === "openvscode-server") {
      const bind = optionValue(argv, /^--(?:bind-addr|host)$/);
      const open = optionValue(argv, /^--auth$/) === "none" || argv.includes("--without-connection-token");
      if (open && everyInterface(bind)) {
        findings.block("security", `starts ${program} on every interface without auth`);
      }
    } else if (program === "dockerd") {
      // Round 77: every `-H` is read (the daemon serves each; the Unix socket often comes first).
      const hosts = optionValues(argv, /^(?:-H|--host)$/);
      if (
        hosts.some((host) => host.startsWith("tcp://") && everyInterface(host)) &&
        !argv.some((arg) => /^--tlsverify\b/.test(arg))
      ) {
        findings.block("security", "opens Docker's daemon API on every interface without TLS");
      }
    } else if (program === "ttyd" || program === "gotty") {
      const guarded = argv.some((arg) => /^(?:-c|--credential|--credential-file|-i|--interface)$/.test(arg));
      if (!guarded) findings.block("security", `"${program}" serves a shell to anyone who reaches its port`);
    } else if (program === "kubectl" && argv[1] === "proxy") {
      const address = optionValue(argv, /^--address$/);
      const hosts = optionValue(argv, /^--accept-hosts$/);
      if (everyInterface(address) && hosts !== undefined && /^\.\*|\*$/.test(hosts)) {
        findings.block("security", "opens the cluster's API to every host without auth (kubectl proxy)");
      }
    } else if (program === "mongod") {
      const all = argv.includes("--bind_ip_all") || everyInterface(optionValue(argv, /^--bind_ip$/));
      if (all && !argv.some((arg) => /^--(?:auth|keyFile|clusterAuthMode)\b/.test(arg))) {
        findings.escalate("security", "starts MongoDB on every interface without --auth");
      }
    }
  }
}
