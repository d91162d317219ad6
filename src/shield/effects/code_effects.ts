/** Effects of interpreter code (python/node/ruby/perl/php given inline, here-doc bodies, run_code tools) read
 * from the library calls it makes: deletes under the home folder, signals to the parent (the engine),
 * environment dumps sent out, connections to the engine's port, raw sockets. */

import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { ordinaryHost } from "./fetched_code.ts";
import { childEnvironmentOnly, MORE_NETWORK, WHOLE_ENVIRONMENT } from "./env_beacons.ts";
import { matchesOf } from "../match_all.ts";

const DELETE_CALL = gated(
  /\b(?:Deno\.remove(?:Sync)?\s*\(|shutil\.rmtree|os\.remove|os\.unlink|os\.rmdir|os\.removedirs|\.unlink\(|\.rmdir\(|rmSync|rmdirSync|unlinkSync|fs\.rm\(|fs\.promises\.rm|rimraf|FileUtils\.rm_r|File\.delete|unlink\s*\(|\bunlink\s+(?:glob\b|<|\$)|rmtree|remove_tree|Remove-Item)|["']unlink["']/,
);
const HOME_REF = gated(
  /expanduser\(\s*["']~|Path\.home\(\)|\bhomedir\(\)|\bDir\.home\b|\bUserHomeDir\(\)|\$(?:::)?env\(HOME\)|\$ENV\{HOME\}|getenv\(\s*["']HOME|environ\[?\.?(?:get\()?\s*\[?["']HOME|process\.env\.HOME|ENV\[["']HOME["']\]|["'](?:~|\/home\/[^/"']+|\/Users\/[^/"']+|\/root)(?:\/[^"']*)?["']/,
);
const WALK = gated(
  /\bos\.walk\b|\bglob\b|readdirSync|\.rglob\(|\.iterdir\(|Dir\.glob|find\s*\(/,
);
const PARENT_KILL = gated(
  /\b(?:os\.kill|os\.killpg|process\.kill|Process\.kill|Deno\.kill|kill)\s*\(\s*(?:os\.getppid\(\)|process\.ppid|getppid\(\)|Process\.ppid|Deno\.ppid|\$\$|1\b)/,
);
const ENV_READ = gated(
  /\bos\.environ\b|process\.env\b(?!\.[A-Z_]+\b)|\bENV\.to_h\b|%ENV\b|\$_ENV\b|getenv\(\)|Deno\.env\.toObject/,
);
const NETWORK_CALL = gated(
  /\b(?:requests\.(?:post|put|get)|urllib|http\.client|fetch\s*\(|axios|XMLHttpRequest|http\.request|https\.request|https?\.get\(|socket\.|Net::HTTP|new WebSocket|WebSocket\(|curl_exec|httpx\.)|["']https?["']\s*\)\.(?:get|request)\b/,
);
/** Code that evaluates what it fetched: `exec(urlopen(...).read())`, `eval(URI.open(...).read)`, `IEX (iwr ...)`,
 * a response piped into a spawned shell. */
const FETCHED_EVAL = gated(
  /\b(?:exec|eval|execfile|compile|instance_eval|invoke-expression|iex)\s*[( ]\s*(?:await\s*)?\(?\s*(?:await\s*)?(?:(?:urllib\.request\.|request\.|requests\.|httpx\.|uri\.|lwp::simple::|\(new-object\s+(?:system\.)?net\.webclient\)\.)?(?:urlopen|urlretrieve|fetch|downloadstring|invoke-webrequest|invoke-restmethod|iwr|irm|curl_exec)\b|(?:requests|httpx|uri|kernel)\.(?:get|open)\b|file_get_contents\(\s*["']https?:|get\(\s*["']https?:)|\.pipe\(\s*(?:require\(\s*["']child_process["']\s*\)\.)?spawn\(\s*["'](?:ba|z|da)?sh["']/i,
);
/** Code built at run time and evaluated (`eval(d)`, `exec(body)`, `new Function(t)`, `vm.runInContext`): with a
 * network call to an outside host in the same code, what runs is whatever that host sends. A method of the same
 * name (`re.exec(...)`, `model.eval()`) or a string literal (`exec("ls")`) is not this. */
const DYNAMIC_EVAL = gated(
  /(?<![.\w$])(?:eval|exec|execfile)\s*\(\s*(?!["'`)\s])|\bnew\s+Function\s*\(|\bvm\.runIn(?:This|New)?Context\s*\(|\binstance_eval\b/,
);
/** Models and data that run code when loaded: remote code trusted, pickles fetched from a URL. */
const REMOTE_MODEL_CODE = gated(
  /\btrust_remote_code\s*=\s*True\b|\b(?:pickle|joblib|dill|cloudpickle)\.loads?\s*\([^)]{0,200}(?:urlopen|requests\.get|https?:)|\btorch\.load\s*\(\s*["']https?:|\btorch\.hub\.load\s*\(/,
);
const URL_IN_CODE = /\b(?:https?|wss?):\/\/[^\s'"`)]+/g;
/** Words of code that reaches a URL: an HTTP or socket client, a request method, a download or shell tool, a spawned
 * process. Without any, an engine URL in a test or doc file is a string in a list or an assertion (the URLs an SSRF
 * guard must refuse), not a call. Broad on purpose: `client.get(`, `.post(`, `session.`, `subprocess` all count. */
const REACHES_URL = gated(
  /\b(?:urlopen|urlretrieve|aiohttp|urllib3?|httplib2?|pycurl|treq|grequests|requests|httpx|session|client|fetch|axios|got|ky|needle|superagent|undici|curl|wget|socket|websocket|subprocess|popen|spawn|exec\w*|system|invoke-\w+|iwr|irm|net::http|open-uri|faraday|httparty|reqwest|ureq|resty|guzzle|webclient|httpclient|okhttp|retrofit|xmlhttprequest|ajax|sendbeacon|eventsource|navigator)\b|\.(?:get|post|put|patch|delete|head|request|send|open|connect|call|invoke)\s*\(/i,
);

/** Evaluated code next to a fetch from an outside host: escalate (BLOCK for bare IPs, plain HTTP, lookalikes). */
function judgeEvaluatedFetch(code: string, environment: ShieldEnvironment, findings: Findings): void {
  for (const match of matchesOf(URL_IN_CODE, code)) {
    const host = readHost(match[0], environment);
    if (!host || host.allowed || host.loopback) continue;
    findings.add(
      ordinaryHost(host) ? "escalate" : "block",
      "exec",
      `code evaluates text it builds while fetching from "${host.host}"`,
    );
    return;
  }
}

/** `dataFile`: the code is the content of test or doc files written (nothing run), where an engine URL that no code
 * reaches is data. */
export function judgeCode(
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
  dataFile = false,
): void {
  for (const code of texts) {
    if (code.length > 256 * 1024) continue;
    if (DELETE_CALL.test(code) && HOME_REF.test(code)) {
      const level = WALK.test(code) || /rmtree|remove_tree|rmSync|rm_r|recursive/.test(code)
        ? "block"
        : "escalate";
      findings.add(level, "delete", "code deletes files in a home folder outside the workspace");
    }
    if (
      FETCHED_EVAL.test(code) &&
      (NETWORK_CALL.test(code) || /https?:\/\/|\b(?:iwr|irm|invoke-webrequest|downloadstring)\b/i.test(code))
    ) {
      findings.block("exec", "code runs what it downloads");
    } else if (DYNAMIC_EVAL.test(code) && NETWORK_CALL.test(code)) {
      judgeEvaluatedFetch(code, environment, findings);
    }
    if (REMOTE_MODEL_CODE.test(code)) {
      findings.escalate("exec", "code loads a model or data that runs code from elsewhere");
    }
    if (PARENT_KILL.test(code)) findings.block("engine", "code signals its parent process (the engine)");
    if (
      (ENV_READ.test(code) || WHOLE_ENVIRONMENT.test(code)) &&
      (NETWORK_CALL.test(code) || MORE_NETWORK.test(code)) &&
      !childEnvironmentOnly(code)
    ) {
      findings.block("network", "code sends the process environment (where secrets live) over the network");
    }
    const engineUrlIsData = dataFile && !REACHES_URL.test(code);
    for (const match of matchesOf(URL_IN_CODE, code)) {
      if (engineUrlIsData) break;
      const host = readHost(match[0], environment);
      if (host?.engine) {
        findings.block("engine", `code calls the engine's own API at "${match[0].slice(0, 60)}"`);
      }
    }
  }
}
