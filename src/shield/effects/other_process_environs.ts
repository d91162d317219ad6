/** Secrets harvested from other processes' environments (round 87, h20 credential_access-008: a loop over
 * `/proc/[0-9]*` reading each `$p/environ` and grepping for tokens). Services keep their database passwords, API
 * tokens and cloud keys in their environment; reading another process's is reading its secrets. The policy rule
 * `deny-system-secrets` already stops a literal `/proc/1234/environ` or `/proc/` + a star + `/environ`; this reads
 * the shapes it does not see:
 * - an `environ` file under `/proc` reached through a variable, a loop, a glob, `xargs` or a formatted string
 *   (`$p/environ`, `/proc/{}/environ`, f"/proc/{pid}/environ", `os.path.join('/proc', pid, 'environ')`, a Node
 *   template string) -- the process's own (`/proc/self`, `/proc/$$`) is not another's and passes here;
 * - psutil's `Process.environ()` (every process's environment from Python);
 * - BSD-style `ps` options with `e` (`ps eww`, `ps auxe`, `ps axe`), which print each process's environment after
 *   its command line, and `ps -E`; `ps -e` (every process, dash form) prints no environment and passes;
 * - other processes' command lines (`/proc/<pid>/cmdline`, `ps ax`, `pgrep -a`, WMI's `Win32_Process` CommandLine)
 *   filtered for passwords, tokens or keys, and services' configured environments (`systemctl show -p Environment`,
 *   a pod list's `{..env}`, `kubectl set env --list`), which are asked about.
 * `printenv PATH`, `cat /proc/self/status`, `/proc/cpuinfo`, `/proc/<pid>/limits` and `ps aux` pass. */

import type { Findings } from "./findings.ts";

const OWN_ENVIRON = /\/proc\/(?:self|thread-self|\$\$|\$\{\$\}|\$BASHPID)\/environ/g;
const ENVIRON_FILE = /(?<![.\w$-])environ\b(?!\s*\()/;
const PSUTIL_ENVIRON = /\.environ\s*\(\s*\)/;
/** `ps` with a dashless option word of BSD letters that holds `e`. */
/** macOS and BSD `ps -E`, the same as the dashless `e`. */
const PS_DASH_E = /(?:^|[\s;&|(`]|\$\()(?:sudo\s+)?ps\s+(?:-{1,2}\S+\s+)*-[a-zA-Z]*E/;
/** Other processes' command lines (where passwords given as flags sit), or services' configured environments, read
 * and filtered for secrets. */
const COMMAND_LINES =
  /\/proc\/[^\s/]*\/cmdline|Win32_Process\b[\s\S]*CommandLine|\bps\s+(?:-\S+\s+)*-?[a-zA-Z]*[ax][a-zA-Z]*\b|\bpgrep\s+-a|systemctl\s+show\b[^|;&\n]*Environment|jsonpath=['"]?\{\.\.env\b|\bset\s+env\b[^|;&\n]*--list/i;
export const SECRET_FILTER =
  /(?:\b(?:grep|egrep|select-string|findstr|rg|awk|sed|where-object|where)\b|\|\s*\?\s)[^|;&\n]*(?:passw|passwd|secret|token|api[_-]?key|credential|pwd=)/i;
export const SERVICE_ENVIRONMENT =
  /systemctl\s+show\b[^|;&\n]*Environment|jsonpath=['"]?\{\.\.env\b|\bset\s+env\b[^|;&\n]*--list/i;
const PS_WITH_ENVIRONMENT =
  /(?:^|[\s;&|(`]|\$\()(?:sudo\s+)?ps\s+(?:-{1,2}\S+\s+)*[aAcfhjlLmrsSTuvwxXHMnOZ]*e[aAcefhjlLmrsSTuvwxXHMnOZ]*(?=\s|$|[;&|)])/;

export function judgeOtherProcessEnvirons(texts: readonly string[], findings: Findings): void {
  for (const text of texts) {
    if (text.length > 16 * 1024) continue;
    if (text.includes("environ") && text.includes("/proc")) {
      const others = text.replace(OWN_ENVIRON, " ");
      if (others.includes("/proc") && ENVIRON_FILE.test(others)) {
        findings.block(
          "read",
          "reads the environments of other processes, where services keep their secrets",
        );
        return;
      }
    }
    if (text.includes("psutil") && PSUTIL_ENVIRON.test(text)) {
      findings.block(
        "read",
        "reads other processes' environments with psutil, where services keep their secrets",
      );
      return;
    }
    if (text.includes("ps ") && (PS_WITH_ENVIRONMENT.test(text) || PS_DASH_E.test(text))) {
      findings.block("read", '"ps" prints every process\'s environment, where services keep their secrets');
      return;
    }
    if (COMMAND_LINES.test(text) && (SECRET_FILTER.test(text) || SERVICE_ENVIRONMENT.test(text))) {
      findings.escalate("read", "reads other processes' command lines or services' environments for secrets");
      return;
    }
  }
}
