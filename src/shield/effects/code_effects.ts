/** Effects of interpreter code (python/node/ruby/perl/php given inline, here-doc bodies, run_code tools) read
 * from the library calls it makes: deletes under the home folder, signals to the parent (the engine),
 * environment dumps sent out, connections to the engine's port, raw sockets. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const DELETE_CALL =
  /\b(?:shutil\.rmtree|os\.remove|os\.unlink|os\.rmdir|os\.removedirs|\.unlink\(|\.rmdir\(|rmSync|rmdirSync|unlinkSync|fs\.rm\(|fs\.promises\.rm|rimraf|FileUtils\.rm_r|File\.delete|unlink\s*\(|rmtree|Remove-Item)/;
const HOME_REF =
  /expanduser\(\s*["']~|Path\.home\(\)|os\.homedir\(\)|\$ENV\{HOME\}|getenv\(\s*["']HOME|environ\[?\.?(?:get\()?\s*\[?["']HOME|process\.env\.HOME|ENV\[["']HOME["']\]|["'](?:~|\/home\/[^/"']+|\/Users\/[^/"']+|\/root)(?:\/[^"']*)?["']/;
const WALK = /\bos\.walk\b|\bglob\b|readdirSync|\.rglob\(|\.iterdir\(|Dir\.glob|find\s*\(/;
const PARENT_KILL =
  /\b(?:os\.kill|os\.killpg|process\.kill|Process\.kill|kill)\s*\(\s*(?:os\.getppid\(\)|process\.ppid|getppid\(\)|Process\.ppid|\$\$|1\b)/;
const ENV_READ =
  /\bos\.environ\b|process\.env\b(?!\.[A-Z_]+\b)|\bENV\.to_h\b|%ENV\b|\$_ENV\b|getenv\(\)|Deno\.env\.toObject/;
const NETWORK_CALL =
  /\b(?:requests\.(?:post|put|get)|urllib|http\.client|fetch\s*\(|axios|XMLHttpRequest|http\.request|https\.request|socket\.|Net::HTTP|new WebSocket|WebSocket\(|curl_exec|httpx\.)/;
const URL_IN_CODE = /\b(?:https?|wss?):\/\/[^\s'"`)]+/g;

export function judgeCode(
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const code of texts) {
    if (code.length > 256 * 1024) continue;
    if (DELETE_CALL.test(code) && HOME_REF.test(code)) {
      const level = WALK.test(code) || /rmtree|rmSync|rm_r|recursive/.test(code) ? "block" : "escalate";
      findings.add(level, "delete", "code deletes files in a home folder outside the workspace");
    }
    if (PARENT_KILL.test(code)) findings.block("engine", "code signals its parent process (the engine)");
    if (ENV_READ.test(code) && NETWORK_CALL.test(code)) {
      findings.block("network", "code sends the process environment (where secrets live) over the network");
    }
    for (const match of code.matchAll(URL_IN_CODE)) {
      const host = readHost(match[0], environment);
      if (host?.engine) {
        findings.block("engine", `code calls the engine's own API at "${match[0].slice(0, 60)}"`);
      }
    }
  }
}
