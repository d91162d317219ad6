/** Interpreter code that uploads files (round 69): file contents, or every file of a folder walk, as the body of a
 * request to a host outside the machine and the allowed hosts -- Python `requests.post(url, files={'f': open(p,
 * 'rb')})`, `urlopen(Request(url, data=open(...).read()))`, `httpx.put(..., content=...)`; Node `fetch(url, {method:
 * 'PUT', body: readFileSync(f)})`, `axios.post(url, fs.createReadStream(p))`, `https.request(...)` fed by
 * `createReadStream(...).pipe(req)`; Deno `fetch(url, {body: await Deno.readFile(p)})`; Ruby `Net::HTTP.post(uri,
 * File.read(f))`; PowerShell `Invoke-RestMethod -InFile`, `-Method Put -Body (Get-Content ...)`, `UploadFile`; Go
 * `http.Post(url, type, f)` after `os.Open`. Round 26's reading (`code_stores_and_sends.ts`) asks when one file named
 * by a literal path is sent; a file named by a variable (a loop's `f`, `$_.FullName`, `e.name`) passed it, and so did
 * a whole tree sent file by file (the retired heldout15's exfiltration-015).
 * Levels: BLOCK when what is read is secret (a literal or a built path in the secret class: `~/.ssh/id_*`,
 * `~/.aws/credentials`, a browser store; key files picked by kind stay stop 35's question) or when the code walks the
 * working tree or the home folder (`os.walk('.')`, `readdirSync(process.cwd())`, `Deno.readDir('.')`, `glob('**')`,
 * `Get-ChildItem -Recurse`): every file of the project leaving is no upload a user asks for by accident; ESCALATE
 * when it names a personal or system path outside the workspace (`~/Documents/...`, `/var/backups/...`). What passes:
 * files of a workspace folder picked by kind (`glob('reports/*.pdf')` to the team's docs service: the development
 * set's benign_coding-3801; one literal workspace file is round 26's question), downloads (GET into a file), JSON
 * built from literals, requests to loopback dev servers and tests fetching `localhost`, code naming no outside host.
 * Sources: RedCode-Exec's file-exfiltration tasks; MITRE ATT&CK T1041, T1048, T1119, T1567; the Shai-Hulud npm worm
 * write-ups (Wiz, 2025); each library's documentation. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { outsideHost } from "./code_stores_and_sends.ts";
import { codeStrings } from "../code_literals.ts";
import { normalizePath } from "../paths.ts";
import { classifyPath } from "./path_classes.ts";

const MAX_CODE = 64 * 1024;

/** Calls that send a request body (the gate: nothing else is read without one). */
export const SENDS_BODY = gated(
  /\b(?:requests|httpx|session|client|http|s)\.(?:post|put|patch)\s*\(|\bRequest\s*\([^)]{0,300}\bdata\s*=|\bfetch\s*\([\s\S]{0,400}?\bbody\s*:|\baxios(?:\.(?:post|put|patch)\s*\(|\s*\(\s*\{[\s\S]{0,300}?\bdata\s*:)|\bhttps?\.request\s*\(|\b(?:got|needle|superagent|ky)\.(?:post|put|patch)\s*\(|\bNet::HTTP(?:\.(?:post|put)\b|::(?:Post|Put)\b)|\b(?:RestClient|HTTParty|Faraday)\.(?:post|put)\b|\bInvoke-(?:RestMethod|WebRequest)\b[^\n]{0,300}-(?:InFile|Body)\b|\.Upload(?:File|Data)(?:Async)?\s*\(|\bhttp\.(?:Post|PostForm)\s*\(|\bhttp\.NewRequest\s*\(\s*"(?:POST|PUT|PATCH)"|->(?:post|put)\s*\([^)]{0,300}Content/i,
);
/** Calls that read a file's contents or open it as a stream (the body). */
const READS_FILE = gated(
  /\bopen\s*\((?![^)\n]{0,200},\s*(?:mode\s*=\s*)?[\"'][wax])|\b(?:readFileSync|readFile|createReadStream|readTextFile|read_bytes|read_text|file_get_contents|fopen|binread)\b|\bDeno\.(?:open|readFile)\b|\bBun\.file\s*\(|\bFile\.(?:read|open|new)\b|\bIO\.read\b|\bGet-Content\b|-InFile\b|\.FullName\b|\bos\.(?:Open|ReadFile)\s*\(|\bioutil\.ReadFile\s*\(/i,
);
/** Walks of the working tree or the home folder, file by file. */
const WHOLE_TREE_WALK = gated(
  /\b(?:os\.(?:walk|listdir|scandir)|readdirSync|readdir|Deno\.readDir(?:Sync)?|Dir\.(?:glob|children|entries|each_child)|filepath\.Walk(?:Dir)?|iterdir|rglob|glob(?:\.glob)?|walkSync)\s*\(\s*(?:["'`](?:\.\/?|~\/?|\*\*[^"'`]*)["'`]|process\.cwd\(\)|os\.getcwd\(\)|Deno\.cwd\(\)|Dir\.pwd|Path\(\s*["']\.["']\s*\)|Path\.cwd\(\)|["']~["'])|\bGet-ChildItem\b[^\n|]{0,120}-Recurse\b|\bPath\.(?:cwd|home)\(\)\s*\.\s*(?:rglob|glob|iterdir)\b/i,
);
/** A home folder named by an expression `code_literals.ts` does not read as `~` (Go, PowerShell). */
const HOME_HINT = /\bGetenv\(\s*"(?:HOME|USERPROFILE)"|\bUserHomeDir\(|\$env:(?:USERPROFILE|HOME)\b|\$HOME\b/;

/** The first string of the code that names a personal or system path outside the workspace (not temporary space). */
function outsidePath(code: string, environment: ShieldEnvironment): string | undefined {
  for (const text of codeStrings(code)) {
    if (
      text.length < 2 || text.length > 300 || !/^(?:~\/|\/(?!\/)|[a-z]:[\\/])/i.test(text) ||
      /[\n\r]/.test(text)
    ) continue;
    const kind = classifyPath(normalizePath(text, environment.workspace, environment.home), environment);
    if (kind === "personal" || kind === "system" || kind === "secret-container") return text;
  }
  return undefined;
}

/** The first string of the code that reads as a secret path, if any. Key files picked by kind (`*.env*` anywhere,
 * `*.pem`) stay `walked_folders.ts`'s question (stop 35's level). */
function secretString(code: string, environment: ShieldEnvironment): string | undefined {
  const homed = HOME_HINT.test(code);
  for (const text of codeStrings(code)) {
    if (
      text.length < 2 || text.length > 300 || /[\n\r]/.test(text) || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ) {
      continue;
    }
    const candidates = homed && text.startsWith("/.") ? [text, `~${text}`] : [text];
    for (const candidate of candidates) {
      if (!/^[~/]|^[a-z]:[\\/]/i.test(candidate)) continue;
      const path = normalizePath(candidate, environment.workspace, environment.home);
      if (classifyPath(path, environment) === "secret") return candidate;
    }
  }
  return undefined;
}

export function judgeCodeUploads(
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const code of texts.slice(0, 16)) {
    if (code.length > MAX_CODE || !SENDS_BODY.test(code) || !READS_FILE.test(code)) continue;
    const host = outsideHost(code, environment);
    if (host === undefined) continue;
    const secret = secretString(code, environment);
    if (secret !== undefined) {
      findings.block("network", `code uploads "${secret.slice(0, 80)}" to "${host}"`);
      return;
    }
    if (WHOLE_TREE_WALK.test(code)) {
      findings.block(
        "network",
        `code walks the working tree or home folder and uploads each file to "${host}"`,
      );
      return;
    }
    const outside = outsidePath(code, environment);
    if (outside !== undefined) {
      findings.escalate(
        "network",
        `code sends "${outside.slice(0, 80)}" from outside the workspace to "${host}"`,
      );
      return;
    }
  }
}
