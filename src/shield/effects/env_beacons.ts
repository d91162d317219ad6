/** Written code that sends the whole environment out (round 56, widening `code_effects.ts`' environment dump): the
 * environment read whole in the languages that check did not know -- Go's `os.Environ()`, Rust's `std::env::vars()`,
 * Java's `System.getenv()`, .NET's `Environment.GetEnvironmentVariables()`, PowerShell's `Get-ChildItem env:` -- and network calls by the forms it did not
 * know: Node's `request` imported from `node:https`, `net.createConnection`, Go's `http.Post`/`net.Dial`, reqwest,
 * Java and .NET `HttpClient`, PowerShell's `Invoke-RestMethod`. The environment handed to a child process (`spawn(..., { env: { ...process.env } })`,
 * `cmd.Env = append(os.Environ(), ...)`, `subprocess.run(..., env=os.environ.copy())`) is not sent anywhere: code
 * that only does that passes.
 * Sources: Trail of Bits on prompt injection through code comments; Socket and Phylum reports on install-time
 * environment exfiltration (2023-2025); MITRE ATT&CK T1041, T1552.001. */

import { gated } from "./gate.ts";

/** The whole environment read, in languages beside Python, Node, Ruby, Perl, PHP and Deno. */
export const WHOLE_ENVIRONMENT = gated(
  /\bos\.Environ\(\)|\b(?:std::)?env::vars(?:_os)?\(\)|\bSystem\.getenv\(\s*\)|\bEnvironment\]?(?:\.|::)GetEnvironmentVariables\(\s*\)|\b(?:Get-ChildItem|gci|dir|ls)\s+env:(?![\w])/i,
);
/** Network calls by forms beside the dump check's own list. */
export const MORE_NETWORK = gated(
  /\bfrom\s+["'](?:node:)?(?:https?|net|http2)["']|\b(?:require|import)\(\s*["'](?:node:)?(?:https?|net|http2)["']\s*\)|\bnet\.(?:createConnection|connect|Socket|Dial|DialTimeout)\b|\bhttp\.(?:Post|PostForm|NewRequest|Get)\(|\breqwest::|\bureq::|\bHttpClient\b|\bHttpURLConnection\b|\bWebClient\b|\bgot\.post\(|\bsuperagent\b|\bundici\b|\bInvoke-(?:RestMethod|WebRequest)\b/i,
);
/** The environment handed to a child process on this line, not sent. */
const CHILD_ENV =
  /\benv\s*[:=]\s*(?:\{\s*(?:\.\.\.|\*\*)|dict\(|\{\*\*)?\s*(?:process\.env|os\.environ)|\.Env\s*=\s*append\(\s*os\.Environ\(\)|\bos\.environ\.copy\(\)/;
const SPAWNS =
  /\b(?:spawn|spawnSync|exec|execFile|execSync|fork|execa|Popen|subprocess|run|call|check_output|Command)\b/;
const ENV_MENTION = /process\.env\b(?!\.[A-Z_]+\b)|\bos\.environ\b|\bos\.Environ\(\)/g;

/** Whether every whole-environment mention of the code is an environment handed to a child process. */
export function childEnvironmentOnly(code: string): boolean {
  if (code.length > 64 * 1024) return false;
  let seen = 0;
  for (const line of code.split("\n")) {
    const mentions = line.match(ENV_MENTION)?.length ?? 0;
    if (mentions === 0) continue;
    if (!CHILD_ENV.test(line) || !SPAWNS.test(line) && !/\.Env\s*=/.test(line)) return false;
    seen += mentions;
  }
  return seen > 0;
}
