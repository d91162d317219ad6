/** Code fetched from the network and run, read from the structure of the parsed commands rather than their
 * spelling: a downloader piped into a shell or interpreter at any depth (`... | sh`, `iwr ... | iex`), a file a
 * download wrote that a later command runs (`curl -o x && bash x`, `wget U && chmod +x f && ./f`), and Windows
 * programs that run a script or package straight from a URL or a network share (`mshta http://...`,
 * `cscript \\host\s\p.js`, `msiexec /i http://...`). From an allowed host a human looks; otherwise BLOCK. */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { type HostReading, readHost } from "./hosts.ts";
import { programs } from "./programs.ts";
import { splitOption } from "../command_writes.ts";
import { namesWith } from "../program_options.ts";
import { PREFIX_WRAPPERS } from "../shell_wrappers.ts";
import { lolbasPattern } from "./lolbas_uses.ts";

const DOWNLOADERS =
  /^(?:curl|wget|fetch|aria2c|lwp-request|get|http|https|xh|iwr|irm|invoke-webrequest|invoke-restmethod|start-bitstransfer|certutil(?:\.exe)?|bitsadmin(?:\.exe)?|tftp|ftp|nc|ncat|netcat|telnet|openssl|socat)$/i;
const SHELLS = /^(?:ba|z|da|k|a|fi|tc|c)?sh$/;
const INTERPRETERS =
  /^(?:python[0-9.]*|pypy[0-9]*|perl[0-9.]*|ruby[0-9.]*|node|nodejs|bun|deno|php[0-9.]*|lua[0-9.]*)$/;
const POWERSHELL_RUNNERS = /^(?:iex|invoke-expression|pwsh|powershell(?:\.exe)?)$/i;
/** Windows programs that run what a URL or share gives them: the LOLBAS table's execute rows (round 55). */
const REMOTE_RUNNERS = lolbasPattern("execute");
const REMOTE_ARGUMENT = /(?:^|[:=\s])(?:https?|ftp):\/\/|^\\\\[^\\]+\\|^\/\/\d{1,3}(?:\.\d{1,3}){3}\//i;
/** Programs that run the file named by their first plain argument (`bash x`, `java -jar x`, `msiexec /i x`; round 53:
 * PowerShell's `Invoke-Item x`, `rundll32 x`). */
const FILE_RUNNERS =
  /^(?:(?:ba|z|da|k|)sh|source|\.|python[0-9.]*|perl|ruby|node|php|java|msiexec|dpkg|rpm|apt|apt-get|installer|open|start|cmd|pwsh|powershell|wine|mono|dotnet|bun|deno|invoke-item|ii|rundll32|regsvr32)$/i;
/** PowerShell's process starters (round 53): the file is the program or a word of its argument list
 * (`Start-Process x.exe`, `saps msiexec -ArgumentList '/i x.msi /qn'`). */
const PROCESS_STARTERS = /^(?:start-process|saps)$/i;
/** Installers: any argument naming the downloaded file installs it (`pip install ./x.whl`, `npm i x.tgz`). */
const FILE_INSTALLERS =
  /^(?:pip[0-9.]*|pipx|uv|npm|pnpm|yarn|bun|gem|apt|apt-get|dnf|yum|zypper|brew|snap|flatpak|code|helm|cargo|conda|mamba|poetry)$/i;
const URL_WORD = /^(?:https?|ftp|tftp):\/\/\S+$/i;
const DOWNLOADER_PROGRAMS = programs(DOWNLOADERS);
/** Programs whose output is network data, and copiers of remote files (program_options.ts). */
const FETCHING_PROGRAMS = programs(namesWith("fetches"));
const REMOTE_COPIERS = programs(namesWith("remoteCopies"));
const REMOTE_RUNNER_PROGRAMS = programs(REMOTE_RUNNERS);
const FILE_RUNNER_PROGRAMS = programs(FILE_RUNNERS);
const FILE_INSTALLER_PROGRAMS = programs(FILE_INSTALLERS);

interface Download {
  /** The file it wrote, as written in the command. */
  file: string;
  url: string;
}

/** Files that are a process's standard input. */
const STDIN_FILES = /^(?:-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

/** Whether segment `k`, piped into, runs what it reads: itself, or the command a prefix wrapper runs (`| nice sh`,
 * `| stdbuf -o0 bash`: the wrapped command is the next segment, one level deeper, and reads the same pipe). */
function pipedRunner(segments: Segment[], k: number): boolean {
  const segment = segments[k];
  if (runsStdin(runnerName(segment), segment.argv)) return true;
  const next = segments[k + 1];
  return PREFIX_WRAPPERS[segment.program] !== undefined && next !== undefined && next.joinedBy === "" &&
    next.depth === segment.depth + 1 && runsStdin(runnerName(next), next.argv);
}

/** The shell itself under another name: `$SHELL`, `$BASH`, `$0` and `/proc/self/exe` run in a shell are a shell. */
const SHELL_ITSELF = /^(?:\$\{?(?:shell|bash|0)\}?|\/proc\/(?:self|\$\$|\d+)\/exe)$/i;

function runnerName(segment: Segment): string {
  return SHELL_ITSELF.test(segment.argv[0] ?? "") ? "sh" : segment.program.toLowerCase();
}

/** A stdin runner: a shell without `-c`, an interpreter without a script (or with `-`), `iex`. */
function runsStdin(program: string, argv: string[]): boolean {
  const args = argv.slice(1);
  if (POWERSHELL_RUNNERS.test(program)) return !args.some((arg) => /^-(?:c|command|file|f|enc)/i.test(arg));
  if (program === "source" || program === ".") return STDIN_FILES.test(args[0] ?? "");
  if (SHELLS.test(program)) {
    // A script argument that is the pipe itself (`bash /dev/stdin`, `sh -s -`) reads it like no argument.
    const script = args.find((arg) => /^[^-]/.test(arg) || arg === "-");
    return !args.some((arg) => /^-[a-z]*c/.test(arg)) && (script === undefined || STDIN_FILES.test(script));
  }
  if (INTERPRETERS.test(program)) {
    const plain = args.filter((arg) => !arg.startsWith("-") || arg === "-");
    return plain.length === 0 || plain[0] === "-";
  }
  return false;
}

function urlOf(segment: Segment): string {
  return segment.argv.find((word) => URL_WORD.test(word)) ??
    segment.argv.find((word) =>
      /^[\w.-]+\.[a-z]{2,}\/\S*$|^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\//i.test(word)
    ) ??
    "";
}

/** The local copy a remote copier (`scp u@host:s.sh /tmp/s.sh`, program_options.ts) makes of a remote file. */
function remoteCopy(argv: string[]): Download | undefined {
  const operands = argv.slice(1).filter((arg) => !arg.startsWith("-"));
  const remote = operands.slice(0, -1).find((arg) => /^(?:[^@\s/]+@)?[\w.-]+:(?!\/\/)/.test(arg));
  if (!remote || operands.length < 2) return undefined;
  const host = remote.replace(/^[^@]*@/, "").replace(/:.*$/, "");
  return { file: operands[operands.length - 1], url: `ssh://${host}/` };
}

/** The file a download segment writes, when it names one. */
function downloadTarget(segment: Segment): Download | undefined {
  const argv = segment.argv;
  const program = basename(argv[0] ?? "").toLowerCase();
  if (REMOTE_COPIERS.has(program)) return remoteCopy(argv);
  if (!DOWNLOADERS.test(program)) return undefined;
  const url = urlOf(segment);
  if (url === "") return undefined;
  for (let i = 1; i < argv.length; i++) {
    const [name, glued] = splitOption(argv[i]);
    if (/^(?:-o|-O|--output|--output-document|-outfile|-out)$/i.test(name) || /^-[a-zA-Z]*[oO]$/.test(name)) {
      const file = glued ?? argv[i + 1];
      if (file && file !== "-" && file !== "/dev/null") return { file, url };
    }
  }
  for (const redirect of segment.redirects) {
    if (redirect.op.startsWith(">")) return { file: redirect.target, url };
  }
  const last = argv[argv.length - 1] ?? "";
  if (/^(?:certutil|bitsadmin)/.test(program) && last !== url) return { file: last, url };
  const remote = /^(?:wget|aria2c)$/.test(program) ||
    argv.some((arg) => arg === "-O" || arg === "--remote-name");
  const name = url.replace(/[?#].*$/, "").replace(/\/+$/, "").split("/").pop() ?? "";
  return remote && name !== "" && !name.includes(":") ? { file: name, url } : undefined;
}

/** Whether `word` names the downloaded file (`./agent`, `/tmp/r.jar`, `agent`). */
function names(word: string, file: string): boolean {
  const clean = (value: string) => value.replace(/^\.\//, "");
  return clean(word) === clean(file) || basename(word) === basename(file) && basename(file).length > 2;
}

function level(urls: string[], environment: ShieldEnvironment): "block" | "escalate" {
  const hosts = urls.map((url) =>
    readHost(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`, environment)
  );
  return hosts.length > 0 && hosts.every((host) => host !== undefined && ordinaryHost(host))
    ? "escalate"
    : "block";
}

/** A human decides on code fetched from ordinary named hosts over HTTPS (official installers, release pages);
 * bare IPs, lookalikes, paste sites and tunnels, plain HTTP or no visible host BLOCK. */
export function ordinaryHost(host: HostReading): boolean {
  if (host.allowed || host.loopback) return true;
  return host.scheme === "https" && !host.bareIp && !host.lookalike && !host.suspicious &&
    host.host.includes(".");
}

function hostName(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/[/?#].*$/, "") || "an unknown host";
}

/** Whether a segment of `program` can make judgeFetchedCode find anything: every finding needs one (a downloader or
 * another program printing network data before a pipe into a runner, a download or remote copy a later command runs,
 * or a Windows program running a script from a URL). The check returns at once when no segment's program passes. */
export function fetchesCodeWith(program: string): boolean {
  const lower = program.toLowerCase();
  return DOWNLOADER_PROGRAMS.has(lower) || FETCHING_PROGRAMS.has(lower) || REMOTE_COPIERS.has(lower) ||
    REMOTE_RUNNER_PROGRAMS.has(lower);
}

/** Findings for fetched code run by the action's commands. */
export function judgeFetchedCode(
  segments: Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!segments.some((segment) => fetchesCodeWith(segment.program))) return;
  const downloads: Download[] = [];
  for (let k = 0; k < segments.length; k++) {
    const segment = segments[k];
    const program = segment.program.toLowerCase();
    if (segment.joinedBy === "|" && pipedRunner(segments, k)) {
      const source = pipedDownloader(segments, k);
      if (source) {
        const url = urlOf(source);
        findings.add(
          level(url ? [url] : [], environment),
          "exec",
          `runs code piped from a download ("${basename(source.argv[0])}" from ${hostName(url)})`,
        );
      }
    }
    if (REMOTE_RUNNER_PROGRAMS.has(program)) {
      const remote = segment.argv.slice(1).find((arg) => REMOTE_ARGUMENT.test(arg));
      if (remote) {
        findings.block("exec", `"${program}" runs a script or package from "${remote.slice(0, 80)}"`);
      }
    }
    const script = program === "chmod" || FILE_INSTALLER_PROGRAMS.has(program)
      ? segment.argv.slice(1, 16)
      : PROCESS_STARTERS.test(program)
      ? segment.argv.slice(1, 16).flatMap((arg) => arg.split(/\s+/))
      : FILE_RUNNER_PROGRAMS.has(program)
      ? segment.argv.slice(1).filter((arg) => !/^[-/+]/.test(arg) || arg.includes("/") && arg.length > 3)
        .slice(0, 1)
      : [];
    const ran = downloads.find((download) =>
      names(segment.argv[0] ?? "", download.file) || script.some((arg) => names(arg, download.file))
    );
    if (ran) {
      findings.add(
        level([ran.url], environment),
        "exec",
        `runs "${ran.file}", which it downloaded from ${hostName(ran.url)}`,
      );
    }
    const download = DOWNLOADER_PROGRAMS.has(program) || REMOTE_COPIERS.has(program)
      ? downloadTarget(segment)
      : undefined;
    if (download) downloads.push(download);
  }
}

/** The downloader (or another program printing network data, program_options.ts) feeding the pipeline that ends
 * at segment `k`, if any. */
function pipedDownloader(segments: Segment[], k: number): Segment | undefined {
  const depth = segments[k].depth;
  for (let j = k - 1; j >= 0 && k - j <= 8; j--) {
    const earlier = segments[j];
    if (earlier.depth !== depth) continue;
    const program = earlier.program.toLowerCase();
    if (DOWNLOADER_PROGRAMS.has(program) || FETCHING_PROGRAMS.has(program)) return earlier;
    if (earlier.joinedBy !== "|") return undefined;
  }
  return undefined;
}
