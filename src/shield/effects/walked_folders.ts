/** Code that walks a folder of secrets or personal files and sends what it reads (round 33; MITRE ATT&CK T1005,
 * T1041; RedCode-Exec's file exfiltration): `os.walk(expanduser('~/.config'))` with a socket's `sendall`,
 * `glob('~/.ssh/**')` with `requests.post`, `fs.readdirSync(path.join(os.homedir(), '.aws'))` with
 * `net.connect`, `Path.home() / '.kube'` `.rglob('*')` -- round 26's sends read one file by its literal path; a walk
 * sends every file of the folder. The folder is found among the code's strings as `code_literals.ts` builds them
 * (home expressions read as `~`, joins and concatenations), the home folder's absolute path read as `~` too. A walk of the workspace, or a send of a report, passes.
 * Stop 35 (lead): a walk that picks key and secret files by their kind, wherever it walks (a `glob` of `*.pem` files,
 * `name.endswith('.key')`, `id_rsa*`, `.env*`, `*.kdbx`), and sends what it reads out asks too: keys found by a
 * pattern leave like keys read by name (the retired heldout3's exfiltration-012, TeamTNT's and the Shai-Hulud
 * worm's credential sweeps). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { codeStrings } from "../code_literals.ts";
import { gated } from "./gate.ts";
import { CODE_SENDS, outsideHost } from "./code_stores_and_sends.ts";

/** Calls that list a folder's files (recursively or not), or pack a whole folder. */
const WALK = gated(
  /\b(?:os\.(?:walk|scandir|listdir)|i?glob(?:\.i?glob)?|r?glob|iterdir|readdirSync|readdir|opendirSync|walkSync|Dir\.(?:glob|children|entries|each_child|\[\])|Find\.find|filepath\.WalkDir|filepath\.Walk|walkdir|make_archive|Get-ChildItem)\s*[(\s]/i,
);
/** Folders of keys, tokens, configuration and personal documents under the home folder, or the home folder itself. */
const KEPT_FOLDER =
  /^~(?:\/?$|\/(?:\.(?:ssh|aws|azure|config|kube|gnupg|docker|gcloud|password-store|mozilla|thunderbird|local\/share\/keyrings|vault-token|npmrc|pypirc)|Documents|Desktop|Downloads|Pictures|Library\/(?:Keychains|Application Support|Mail))(?:[/*]|$))/;
/** Calls that send a request body, beyond round 26's (`urlopen(Request(url, data=...))`, `fetch(..., {method: ...})`). */
const MORE_SENDS = gated(/\bRequest\s*\([^)]{0,300}\bdata\s*=|\bhttps?\.request\s*\(|\bsocket\.socket\s*\(/i);

/** A pattern or suffix that picks key and secret files by kind: a glob's last segment or an `endswith` suffix. */
const KEY_KIND =
  /(?:^|[/*])(?:\*?\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk|ovpn)|id_(?:rsa|dsa|ecdsa|ed25519)\*?|\.env(?:\.?\*)?|\*?credentials\*?(?:\.(?:json|ya?ml|csv))?|\*?secrets?\*?\.(?:json|ya?ml|env))$/i;

/** The first string of the code that picks key files by kind (a glob or a bare suffix), if any. */
function keyKindPattern(strings: readonly string[]): string | undefined {
  return strings.find((text) =>
    text.length <= 200 && (text.includes("*") || text.startsWith(".")) && KEY_KIND.test(text)
  );
}

export function judgeWalkedFolders(
  code: string,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!(CODE_SENDS.test(code) || MORE_SENDS.test(code)) || !WALK.test(code)) return;
  // The home folder itself only when the code names no folder under it (`os.homedir()` joined with `.aws` is both).
  const home = `${environment.home.replace(/\/$/, "")}/`;
  const strings = codeStrings(code).map((text) =>
    text.startsWith(home) ? `~/${text.slice(home.length)}` : text
  );
  const kind = keyKindPattern(strings);
  if (kind !== undefined) {
    const host = outsideHost(code, environment);
    if (host !== undefined) {
      findings.escalate(
        "network",
        `code collects key files ("${kind.slice(0, 60)}") and sends them to "${host}"`,
      );
      return;
    }
  }
  const named = strings.filter((text) => text.startsWith("~/") && text.length > 2);
  const folder = named.length > 0
    ? named.filter((text) => KEPT_FOLDER.test(text)).sort((a, b) => b.length - a.length)[0]
    : strings.find((text) => text === "~" || text === "~/");
  if (folder === undefined) return;
  const host = outsideHost(code, environment);
  if (host === undefined) return;
  findings.escalate("network", `code walks "${folder.slice(0, 60)}" and sends what it reads to "${host}"`);
}
