/** A cloud CLI's own token sent back to the service that issued it (round 98): `curl -H "Authorization: Bearer
 * $(gcloud auth print-access-token)" https://storage.googleapis.com/...`, `TOKEN=$(gh auth token); curl -H
 * "Authorization: token $TOKEN" https://api.github.com/repos/...`, `az account get-access-token` into a call to
 * `management.azure.com`. Google's, GitHub's and Azure's own REST documentation call their APIs this way: the token
 * goes only to its issuer, which already holds it, and nothing of it is printed. The token rule
 * (`credential.cloud_secret_cli`) asked a human for every such line. Its hit is dropped only when every token read
 * is a command substitution (or a variable assigned from one, which the parser expands) that stands in an
 * `Authorization:` header (or curl's `--oauth2-bearer`) of an HTTP client whose every URL is https on a host of that
 * CLI's issuer, with no proxy, resolve or connect-to override, and every other command holding it is the bare
 * assignment. The same header to any other host, the token in a body, a query, an `echo`, a file or a second
 * command, a GitHub Enterprise `--hostname`, or a secret store's value (`vault kv get`, `gcloud secrets versions
 * access`: a secret, not a session token) keep the question. */

import type { Segment } from "../shell_parser.ts";
import { inlineShell } from "./keychain_env_uses.ts";

/** Each token-printing command and the hosts of its issuer (suffixes; a host must equal one or end in `.` + one). */
const ISSUERS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^gcloud auth (?:application-default )?print-access-token(?: --quiet)?$/, ["googleapis.com"]],
  [/^gh auth token$/, ["api.github.com", "uploads.github.com"]],
  [
    /^az account get-access-token(?: --(?:resource|scope|resource-type) [\w:/.-]+)?(?: --query accessToken)?(?: -o tsv| --output tsv)?$/,
    ["management.azure.com", "graph.microsoft.com"],
  ],
  [/^heroku auth:token$/, ["api.heroku.com"]],
];
const HTTP_CLIENTS = /^(?:curl|wget)$/;
/** Options that make the request change something or carry a body: only reads pass (a DELETE with the user's own
 * token acts on the user's cloud). */
const WRITES =
  /^(?:-[a-zA-Z]*X(?!GET$)|--request(?:=(?!GET$))?|-[a-zA-Z]*[dFT]|--data|--json|--form|--upload-file|--post-(?:data|file)|--method|--body-(?:data|file))/;
/** Options that send the request somewhere else than its URL's host. */
const REROUTE =
  /^(?:-x|--proxy|--preproxy|--resolve|--connect-to|-e|--referer|--socks\d\w*|--unix-socket|--abstract-unix-socket)\b/;
const HEADER_OPTIONS = /^(?:-H|--header)$/;
const ASSIGNMENT_ONLY = /^[A-Za-z_][A-Za-z0-9_]*=/;

function issuerHosts(text: string): readonly string[] | undefined {
  return ISSUERS.find(([pattern]) => pattern.test(text))?.[1];
}

function onIssuer(argument: string, hosts: readonly string[]): boolean {
  const match = /^https:\/\/([a-z0-9.-]+)(?::443)?(?:[/?#]|$)/i.exec(argument);
  if (!match) return false;
  // The root's dot names the same host (`storage.googleapis.com.`).
  const host = match[1].toLowerCase().replace(/\.$/, "");
  return hosts.some((own) => host === own || host.endsWith(`.${own}`));
}

/** Whether an HTTP client segment carries the substitution only in its Authorization header and reaches only the
 * issuer's hosts. */
function headerToIssuer(segment: Segment, substitution: string, hosts: readonly string[]): boolean {
  if (!HTTP_CLIENTS.test(segment.program) || segment.redirects.some((r) => r.target.includes(substitution))) {
    return false;
  }
  const args = segment.argv.slice(1);
  let urls = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (REROUTE.test(arg)) return false;
    if (WRITES.test(arg)) {
      // `-X GET` / `--request GET` is a read.
      if (/^(?:-[a-zA-Z]*X|--request)$/.test(arg) && args[i + 1] === "GET") continue;
      return false;
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
      if (!onIssuer(arg, hosts)) return false;
      urls++;
      continue;
    }
    if (!arg.includes(substitution)) continue;
    const header = HEADER_OPTIONS.test(args[i - 1] ?? "") || arg.startsWith("--header=");
    const value = arg.replace(/^--header=/, "");
    const bearer = args[i - 1] === "--oauth2-bearer" && value === substitution;
    if (!bearer && !(header && /^authorization:\s*(?:bearer|token)?\s*\$\(/i.test(value))) {
      return false;
    }
    if (value.split(substitution).length !== 2) return false;
  }
  return urls > 0;
}

/** Whether every segment the token rule matches is a token printer whose output only reaches its issuer. */
export function tokensToIssuerOnly(
  segments: readonly Segment[],
  matches: (segment: Segment) => boolean,
): boolean {
  let matched = 0;
  for (const segment of segments) {
    if (!matches(segment)) continue;
    matched++;
    const hosts = issuerHosts(segment.text);
    if (hosts === undefined || segment.depth === 0 || segment.redirects.length > 0) return false;
    const substitution = `$(${segment.text})`;
    let used = 0;
    for (const other of segments) {
      if (other === segment || !other.argv.some((arg) => arg.includes(substitution))) continue;
      // Codex's `["bash", "-lc", LINE]`: the line's own segments are judged.
      if (inlineShell(other)) continue;
      if (other.argv.length === 1 && ASSIGNMENT_ONLY.test(other.argv[0]) && other.depth === 0) continue;
      if (!headerToIssuer(other, substitution, hosts)) return false;
      used++;
    }
    if (used === 0) return false;
  }
  return matched > 0;
}
