/** Programs and build files fetched from the network straight into the program that runs them (round 87, h20
 * remote_code_execution-007: `make -f <(curl -s https://.../Makefile) install`). The `remote_exec` rules stop a
 * download piped into a shell or handed to an interpreter right after its name (`bash <(curl ...)`, `sh -c
 * "$(curl ...)"`); this reads the executors that take the fetched file by name after an option, and the build
 * tools that read it from standard input:
 * - a tool given the fetched file as its script by option (`make -f`, `ninja -f`, `awk -f`, `sed -f`, `docker` or
 *   `podman build -f`, `psql -f`, `cmake -P`, `--file`, `--makefile`) from a `<(curl ...)`/`<(wget ...)` process
 *   substitution; an interpreter (`python`, `perl`, `ruby`, `node`, `php`, a shell, `source`, `.`, `tclsh`, `lua`,
 *   `Rscript`, `ansible-playbook`) given one as its program after other flags; a build tool reading its script from
 *   standard input fed one (`make -f /dev/stdin < <(curl ...)`);
 * - a download piped into a build tool that reads its script from standard input (`curl ... | make -f -`,
 *   `| ninja -f /dev/stdin`, `| awk -f -`, `| docker build -f - .`, `| docker build -`);
 * - a download saved to a file (`curl -o`, `wget -O`, a redirect, `-OutFile`) that a later command of the same line
 *   runs as its makefile, build file, task file or program (`curl -so /tmp/Makefile URL && make -f /tmp/Makefile`);
 * - PowerShell making a script block of a download (`[scriptblock]::Create((irm ...))`).
 * Reading a download as data passes: `diff <(curl ...) local`, `wc -l <(curl ...)`, `jq . <(curl ...)`, a Python
 * module or command (`python -m json.tool <(curl ...)`), a local makefile (`make -f build/Makefile`) and a local
 * generator (`source <(kubectl completion bash)`). */

import type { Findings } from "./findings.ts";

const FETCH = String
  .raw`(?:sudo\s+)?(?:curl|wget|fetch|aria2c|http|https|xh|iwr|irm|invoke-webrequest|invoke-restmethod|lynx|links)\b`;
/** A tool given the fetched file as its script by option: `make -f`, `ninja -f`, `awk -f`, `sed -f`, `just
 * --justfile`, `task -t`, `docker build -f`, `docker compose -f`, `psql -f`, `cmake -P`, `--file`. */
export const OPTION_SCRIPT = new RegExp(
  String
    .raw`(?:^|[\s;&|(\x60])(?:g?make|ninja|g?awk|mawk|nawk|sed|just|task|(?:docker|podman)(?:\s+buildx)?\s+build|(?:docker\s+|podman-)?compose|buildah\s+bud|psql|cmake|m4|helmfile|skaffold)\b[^;&|\n]*?\s(?:-f|-t|--file(?:=|\s)|--makefile(?:=|\s)|--justfile(?:=|\s)|--taskfile(?:=|\s)|-P)\s*<\(\s*${FETCH}`,
  "i",
);
/** An interpreter given the fetched file as its program, after flags (not `-m`/`-c`/`-e`, which make it data). */
export const INTERPRETER_SCRIPT = new RegExp(
  String
    .raw`(?:^|[\s;&|(\x60])(?:python[0-9.]*|perl|ruby|node|deno\s+run|php|(?:ba|z|k|da)?sh|source|tclsh|lua|Rscript|ansible-playbook|\.)(?:\s+-(?![mce]\b)[A-Za-z][\w-]*)*\s+<\(\s*${FETCH}`,
  "i",
);
/** A build tool reading its script from standard input, fed a download (`make -f /dev/stdin < <(curl ...)`). */
export const STDIN_SCRIPT = new RegExp(
  String
    .raw`(?:^|[\s;&|(\x60])(?:g?make|ninja|g?awk|(?:docker|podman)\s+(?:buildx\s+)?build)\b[^;&|\n]*?\s(?:-f\s*)?(?:-|\/dev\/stdin)(?=\s)[^;&|\n]*<\s*<\(\s*${FETCH}`,
  "i",
);
export const PIPED_BUILD = new RegExp(
  String
    .raw`${FETCH}[^;&\n]*\|\s*(?:sudo\s+)?(?:(?:g?make|ninja|g?awk)\s+(?:[^|;&\s]+\s+)*?-f\s*(?:-|\/dev\/stdin)(?=\s|$)|(?:docker|podman)\s+(?:buildx\s+)?build\b[^|;&]*?(?:-f\s*-|\s-)(?=\s|$))`,
  "i",
);
/** A downloader named in a text (a download saved and run needs one). */
export const DOWNLOADER = /curl|wget|aria2c|\bhttp|\bxh\b|iwr|invoke-/i;
/** Where a download is saved: curl `-o`/`--output`, wget `-O`/`--output-document`, a redirect, PowerShell
 * `-OutFile`; the saved file is the last capture. */
const SAVED = [
  /\b(?:curl|wget|aria2c|http|xh)\b[^|;&\n]*?\s(?:-[a-zA-Z]*[oO]|--output|--output-document|--remote-name)[ =]?['"]?([^\s'"|;&>]+)/gi,
  /\b(?:curl|wget)\b[^|;&\n]*?>\s*['"]?([^\s'"|;&]+)/gi,
  /\b(?:iwr|invoke-webrequest|irm|invoke-restmethod)\b[^|;\n]*?-OutFile\s+['"]?([^\s'"|;]+)/gi,
];
/** A tool given a file as its script: the file is the last capture. */
const RUN_BY_NAME = [
  /(?:^|[\s;&|(])(?:g?make|ninja|g?awk|sed|just|task|psql|cmake|helmfile|skaffold|(?:docker|podman)(?:\s+compose|\s+buildx)?(?:\s+build)?)\b[^;&|\n]*?\s(?:-f|--file|--makefile|--justfile|-t|--taskfile|-P)[ =]?['"]?([^\s'"|;&)]+)/gi,
  /(?:^|[\s;&|(])(?:python[0-9.]*|perl|ruby|node|php|(?:ba|z|k|da)?sh|source|\.|ansible-playbook|Rscript|tclsh|lua|pwsh|powershell(?:\.exe)?(?:\s+-File)?)(?:\s+-[\w-]+)*\s+['"]?([^\s'"|;&)<]+)/gi,
];

function fileName(path: string): string {
  return path.replace(/\\/g, "/").replace(/^.*\//, "");
}

/** A download saved to a file that a later command of the same text runs as its script or build file. */
function runsSavedDownload(text: string): boolean {
  const saved = new Map<string, number>();
  for (const pattern of SAVED) {
    for (const match of text.matchAll(pattern)) {
      const name = fileName(match[1]);
      if (name !== "" && name !== "-" && !/^\/dev\/null$/.test(match[1])) saved.set(name, match.index ?? 0);
    }
  }
  if (saved.size === 0) return false;
  for (const pattern of RUN_BY_NAME) {
    for (const match of text.matchAll(pattern)) {
      const at = saved.get(fileName(match[1]));
      if (at !== undefined && at < (match.index ?? 0)) return true;
    }
  }
  return false;
}

export const SCRIPT_BLOCK =
  /\[scriptblock\]::create\s*\(\s*\(?\s*(?:irm|iwr|invoke-restmethod|invoke-webrequest|\(?\s*new-object\s+(?:system\.)?net\.webclient\)?\.downloadstring)\b/i;

export function judgeFetchedBuildFiles(texts: readonly string[], findings: Findings): void {
  for (const text of texts) {
    if (text.length > 16 * 1024) continue;
    if (
      text.includes("<(") &&
      (OPTION_SCRIPT.test(text) || INTERPRETER_SCRIPT.test(text) || STDIN_SCRIPT.test(text))
    ) {
      findings.block("exec", "runs a program or build file fetched from the network, unseen");
      return;
    }
    if (text.includes("|") && PIPED_BUILD.test(text)) {
      findings.block("exec", "pipes a build file fetched from the network into the tool that runs it");
      return;
    }
    if (
      /\s-[a-zA-Z]*o|--output|--remote-name|>|outfile|wget/i.test(text) && DOWNLOADER.test(text) &&
      runsSavedDownload(text)
    ) {
      findings.block("exec", "downloads a program or build file and runs it, unseen");
      return;
    }
    if (/scriptblock/i.test(text) && SCRIPT_BLOCK.test(text)) {
      findings.block("exec", "runs a PowerShell script fetched from the network as a script block");
      return;
    }
  }
}
