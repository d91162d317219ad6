/** Command-line senders judged like the messaging tools (round 58): programs that send a message, a mail or files to
 * someone, read from where each puts its recipient, body and attachments.
 *
 * | program | recipient | body | files |
 * | --- | --- | --- | --- |
 * | `signal-cli [-a ACCOUNT] send` | positional numbers, `-g` | `-m` | `-a`/`--attachment` after `send` |
 * | `osascript -e 'tell application "Messages"/"Mail"'` | `buddy`/`participant`/`to recipient` | `send "TEXT"`, `content:` | `make new attachment ... file name:` |
 * | `telegram-send`, `wa`/`mudslide`/`whatsapp-cli`, `matrix-commander` | configured chat, positional | positional, `-m` | `--file`/`--image`/`-f` |
 * | `twilio api:core:messages:create` | `--to` | `--body` | `--media-url` |
 * | `mail`/`mailx`/`mutt`/`sendmail`/`swaks`/`msmtp`/`sendemail`/`ssmtp` | positional, `--to`/`-t` | stdin, `--body`/`-m` | `-a`/`-A`/`--attach` |
 * | `curl smtp(s)://SERVER --mail-from A --mail-rcpt B` | `--mail-rcpt` | `-T`/`--upload-file` | the uploaded file |
 * | `megatools put`/`megaput`, `rclone copy|move|sync SRC REMOTE:`, `croc send`, `wormhole send`, `ffsend upload`, `gh gist create` | the account, the code's holder, the gist's readers | -- | the paths given |
 *
 * Three things are asked whoever the recipient: identity or money documents among what is sent (a passport, a driving
 * licence, an ID card, an SSN card, a bank statement, a tax return, a payslip: what identity thieves ask victims to
 * "send as requested"); a one-time code in the text (the verification-code scam: the code lets the sender into the
 * user's account); and mail sent in the name of an address through a server that is neither local nor the
 * address's own domain (`swaks --from ceo@acme --server 203.0.113.25`: the BEC spoof). A holiday photo over Signal,
 * "running late" by iMessage and `swaks --server 127.0.0.1:1025` (MailHog) pass. Sources: signal-cli, swaks, msmtp,
 * sendEmail, megatools and rclone manuals; AppleScript Messages/Mail dictionaries; FTC on verification-code scams
 * and identity theft; CISA and FBI IC3 business e-mail compromise guidance. */

import type { Redirect } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { mcpParts } from "./words.ts";

/** A command as the checks read it: a shell segment, or a tool's argument list (`signal_cli {args: [...]}`). */
export interface SenderCommand {
  program: string;
  argv: readonly string[];
  redirects?: readonly Redirect[];
}

const MESSENGERS =
  /^(?:signal-cli|telegram-send|telegram-cli|wa|mudslide|whatsapp-cli|matrix-commander|twilio|osascript|ntfy|pushover)$/;
const MAILERS =
  /^(?:mail|mailx|s-nail|bsd-mailx|mutt|neomutt|sendmail|swaks|msmtp|sendemail|ssmtp|mpack|email|curl)$/;
const UPLOADERS = /^(?:megatools|megaput|mega-put|megacopy|rclone|croc|wormhole|magic-wormhole|ffsend|gh)$/;
/** The subcommand that sends, for programs that do other things too (`rclone ls`, `gh pr`). */
const SENDING_SUBCOMMAND = new Map<string, RegExp>([
  ["rclone", /^(?:copy|copyto|move|moveto|sync)$/],
  ["croc", /^send$/],
  ["wormhole", /^send$/],
  ["magic-wormhole", /^send$/],
  ["megatools", /^(?:put|copy)$/],
  ["ffsend", /^(?:upload|u)$/],
  ["gh", /^gist$/],
  ["twilio", /messages:create$/],
  ["osascript", /application\s+"?(?:messages|mail)\b/i],
  // curl is a mailer only when given a mail sender or recipient (`curl smtp://relay --mail-from ceo@... -T mail.txt`).
  ["curl", /^--mail-(?:from|rcpt)(?:=|$)/],
]);

/** Identity and money documents by their file or folder names (`passport_scan.jpg`, `drivers-license.png`,
 * `bank_statement_oct.pdf`, `form-1099-nec.pdf`). */
const IDENTITY_DOCUMENT =
  /(?:^|[\/_\s.*-])(?:passports?|(?:drivers?|driving)[_ -]?licen[cs]e|id[_ -]?cards?|national[_ -]?id|identity[_ -]?card|ssn|social[_ -]?security|bank[_ -]?statements?|tax[_ -]?returns?|w-?2|form[_ -]?1099|1099[_ -]?(?:misc|nec|int|div|k)|payslips?|pay[_ -]?stubs?|birth[_ -]?certificate|visa|residence[_ -]?permit)(?=$|[\/_\s.*-])/i;
/** A one-time code in what is said: "code is 448122", "verification code: 80 41 12", "OTP 552901". */
const ONE_TIME_CODE =
  /\b(?:code|otp|passcode|pin|verification|one[- ]time)\b[^0-9\n]{0,24}\b\d(?:[ -]?\d){3,7}\b/i;
const FROM_OPTION = /^(?:--from|-f|--sender|-r|--mail-from)$/;
const SERVER_OPTION = /^(?:--server|--host|--smtp|--relay)$/;
/** Where `-s` names the server rather than the subject (`mail -s SUBJECT`). */
const SHORT_SERVER = /^(?:swaks|sendemail)$/;
const HOST_SHAPE = /^(?:[\w-]+\.)+[a-z]{2,}$|^\d{1,3}(?:\.\d{1,3}){3}$/i;
const LOCAL_SERVER =
  /^(?:localhost|127\.\d+\.\d+\.\d+|\[?::1\]?|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|mailhog|mailpit|mailcatcher|smtp4dev|maildev|[\w.-]+\.(?:local|test|internal|localhost|lan))$/i;
/** Mail services people relay their own mail through. */
const MAIL_SERVICES =
  /(?:^|\.)(?:gmail\.com|googlemail\.com|office365\.com|outlook\.com|live\.com|yahoo\.com|icloud\.com|me\.com|fastmail\.com|zoho\.com|zoho\.eu|sendgrid\.net|mailgun\.org|postmarkapp\.com|amazonaws\.com|sparkpostmail\.com|mailjet\.com|proton\.me|protonmail\.ch)$/i;

/** The option's value: the next word, or after `=` (`--host=203.0.113.9`). */
function optionValues(argv: readonly string[], option: RegExp): string[] {
  const found: string[] = [];
  for (let index = 1; index < argv.length && index < 64; index++) {
    const word = argv[index];
    const equals = word.indexOf("=");
    if (word.startsWith("-") && equals > 0 && option.test(word.slice(0, equals))) {
      found.push(word.slice(equals + 1));
    } else if (option.test(word) && index + 1 < argv.length) found.push(argv[index + 1]);
  }
  return found;
}

const hostOf = (server: string): string =>
  server.trim().replace(/^\w+:\/\//, "").replace(/\/.*$/, "").replace(/:\d+$/, "").replace(/^\[|\]$/g, "")
    .toLowerCase();

/** Mail in the name of `from` through a server that is neither local, the address's own domain, nor a mail service. */
function spoofedRelay(program: string, argv: readonly string[]): string | undefined {
  const from = optionValues(argv, FROM_OPTION).find((value) => /@[\w-]+\.[\w.-]+/.test(value));
  if (from === undefined) return undefined;
  const domain = from.replace(/^.*@/, "").replace(/[>\s].*$/, "").toLowerCase();
  const servers = optionValues(argv, SERVER_OPTION);
  if (SHORT_SERVER.test(program)) servers.push(...optionValues(argv, /^-s$/));
  if (program === "curl") {
    servers.push(...optionValues(argv, /^--url$/), ...argv.filter((word) => /^smtps?:\/\//i.test(word)));
  }
  for (const server of servers) {
    const host = hostOf(server);
    if (!HOST_SHAPE.test(host) || LOCAL_SERVER.test(host) || MAIL_SERVICES.test(host)) continue;
    if (host === domain || host.endsWith(`.${domain}`)) continue;
    return `${from} through ${host}`;
  }
  return undefined;
}

/** Whether `program` sends messages or mail to recipients (not an uploader to whoever holds a code or an account):
 * `unknown_programs.ts` leaves its recipients and attachments to this check. */
export const sendsToRecipients = (program: string): boolean =>
  MESSENGERS.test(program) || MAILERS.test(program);

/** The programs `judgeCliSenders` reads (the test its segment loop starts with; speed round 32 gates it by name). */
export const isSender = (program: string): boolean =>
  MESSENGERS.test(program) || MAILERS.test(program) || UPLOADERS.test(program);

function sends(segment: SenderCommand): boolean {
  const program = segment.program;
  if (!isSender(program)) return false;
  const subcommand = SENDING_SUBCOMMAND.get(program);
  const words = segment.argv.slice(1, program === "curl" ? 64 : 8);
  return subcommand === undefined || words.some((word) => subcommand.test(word));
}

const LIST_KEYS = ["argv", "args", "arguments", "command", "cmd"] as const;

/** A tool's argument list read as a sender's command line: a list naming the program first (`{argv: ["signal-cli",
 * ...]}`), or the arguments of a tool named after the program (`signal-cli {args: ["send", ...]}`). */
export function listedSender(tool: string, payload: Record<string, unknown>): SenderCommand | undefined {
  const key = LIST_KEYS.find((name) => Array.isArray(payload[name]));
  if (key === undefined) return undefined;
  const list = (payload[key] as unknown[]).slice(0, 64);
  if (!list.every((item): item is string => typeof item === "string") || list.length === 0) return undefined;
  const first = list[0].replace(/^.*\//, "");
  if (isSender(first)) return { program: first, argv: list };
  const named = (mcpParts(tool)?.tool ?? tool).toLowerCase().replaceAll("_", "-");
  return isSender(named) ? { program: named, argv: [named, ...list] } : undefined;
}

export function judgeCliSenders(tool: string, segments: readonly SenderCommand[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    if (!sends(segment)) continue;
    const program = segment.program;
    // What a redirection feeds the program is sent too (`mail x@y < passport.pdf`).
    const fed = (segment.redirects ?? []).filter((redirect) => redirect.op.startsWith("<"));
    const words = [...segment.argv.slice(1, 64), ...fed.map((redirect) => redirect.target)];
    const document = words.find((word) => word.length < 4096 && IDENTITY_DOCUMENT.test(word));
    if (document !== undefined) {
      const named = IDENTITY_DOCUMENT.exec(document)?.[0].replace(/^[\/_\s.*-]/, "") ?? document;
      findings.escalate(
        "message",
        `"${tool}" sends identity or money documents ("${named}") with ${program}`,
      );
      return;
    }
    if (!UPLOADERS.test(program)) {
      const code = words.find((word) => word.length < 4096 && ONE_TIME_CODE.test(word));
      if (code !== undefined) {
        findings.escalate("message", `"${tool}" sends a one-time code with ${program}`);
        return;
      }
    }
    const spoof = MAILERS.test(program) ? spoofedRelay(program, segment.argv) : undefined;
    if (spoof !== undefined) {
      findings.escalate(
        "message",
        `"${tool}" sends mail as ${spoof}, a server neither local nor the sender's`,
      );
      return;
    }
  }
}
