/** Interpreter code judged like the shell command it stands for (round 26): library calls that read the operating
 * system's secret stores (`keyring.get_password`, keytar, libsecret/SecretStorage, Windows Credential Manager through
 * win32cred or `Get-StoredCredential`, DPAPI, the macOS keychain), as `security find-generic-password` or
 * `secret-tool lookup` are; and code that sends a local file out through a protocol library (SMTP, FTP, SFTP, raw
 * sockets, HTTP uploads, S3 uploads) to a host outside, as `curl -T`, `sftp put`, `swaks --attach` or
 * `aws s3 cp` are. Both ESCALATE: a human may be reading their own secret or sending their own file on purpose.
 * Source files written for later (not run now) escalate only on code that dumps a whole store: an application
 * reading its own token from the keyring is ordinary. */

import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { judgeWalkedFolders } from "./walked_folders.ts";
import { matchesOf } from "../match_all.ts";

const MAX_CODE = 64 * 1024;

/** Calls reading one item of, or the whole of, an OS secret store. */
const STORE_READ = gated(
  /\bkeyring\b[\s\S]{0,400}\.(?:get_password|get_credential|Get)\s*\(|\bkeytar\b[\s\S]{0,400}\.(?:getPassword|findPassword|findCredentials)\s*\(|\bsecretstorage\b[\s\S]{0,400}\.get_secret\s*\(|\bSecret\.password_lookup(?:_sync)?\s*\(|\bwin32cred\.Cred(?:Read|Enumerate)\b|\bCred(?:Read|Enumerate)[AW]?\s*\(|\bGet-StoredCredential\b|\bPasswordVault\b[\s\S]{0,300}\.(?:RetrieveAll|FindAllByResource|FindAllByUserName|RetrievePassword)\s*\(|\bProtectedData\]?::Unprotect\b|\bSecKeychainFind(?:Generic|Internet)Password\b|\bSecItemCopyMatching\b|\bfind-(?:generic|internet)-password\b|\bdump-keychain\b/i,
);
/** The same calls as PowerShell command lines write them (the keychain's and libsecret's own CLIs are judged per
 * command segment, `secret_access.ts`). */
const SHELL_STORE_READ = gated(
  /\bGet-StoredCredential\b|\bPasswordVault\b[\s\S]{0,300}\.(?:RetrieveAll|FindAllByResource|FindAllByUserName|RetrievePassword)\s*\(|\bProtectedData\]?::Unprotect\b|\bCred(?:Read|Enumerate)[AW]?\s*\(/i,
);
/** Calls listing or dumping a whole store (not one application's own entry). */
const STORE_DUMP = gated(
  /\bkeytar\b[\s\S]{0,400}\.findCredentials\s*\(|\.get_all_items\s*\(|\bwin32cred\.CredEnumerate\b|\bCredEnumerate[AW]?\s*\(|\.RetrieveAll\s*\(|\bdump-keychain\b/i,
);

/** Calls that send data out through a protocol library, with the protocol they use. */
const SENDERS: ReadonlyArray<[string, RegExp]> = [
  [
    "SMTP",
    /\bsmtplib\b|\bNet::SMTP\b|\bnodemailer\b|\bSmtpClient\b|\bSend-MailMessage\b|\bMail::Sendmail\b|\bMIME::Lite\b/i,
  ],
  ["FTP", /\bftplib\b|\bNet::FTP\b|\.storbinary\s*\(|\.storlines\s*\(|\bbasic-ftp\b|\bFtpWebRequest\b/i],
  ["SFTP", /\bparamiko\b|\bpysftp\b|\bSFTPClient\b|\bssh2-sftp-client\b|\bNet::SFTP\b|\bWinSCP\b/i],
  [
    "a raw socket",
    /\bsocket\.create_connection\s*\(|\.sendall\s*\(|\bnet\.(?:connect|createConnection)\s*\(|\bTCPSocket\.new\b|\bIO::Socket::INET\b|\bTcpClient\b/i,
  ],
  [
    "an HTTP upload",
    /\b(?:requests|httpx|session|s)\.(?:post|put|patch)\s*\(|\baxios\.(?:post|put|patch)\s*\(|\bmethod\s*[:=]\s*["'](?:POST|PUT|PATCH)["']|\bNet::HTTP::(?:Post|Put)\b|\bInvoke-(?:WebRequest|RestMethod)\b[^\n]{0,200}-(?:InFile|Method\s+(?:Post|Put))\b|\bUploadFile\s*\(/i,
  ],
];
/** One test before the table above. */
export const CODE_SENDS = gated(
  /\bsmtplib\b|\bNet::SMTP\b|\bnodemailer\b|\bSmtpClient\b|\bSend-MailMessage\b|\bMail::Sendmail\b|\bMIME::Lite\b|\bftplib\b|\bNet::FTP\b|\.storbinary\s*\(|\.storlines\s*\(|\bbasic-ftp\b|\bFtpWebRequest\b|\bparamiko\b|\bpysftp\b|\bSFTPClient\b|\bssh2-sftp-client\b|\bNet::SFTP\b|\bWinSCP\b|\bsocket\.create_connection\s*\(|\.sendall\s*\(|\bnet\.(?:connect|createConnection)\s*\(|\bTCPSocket\.new\b|\bIO::Socket::INET\b|\bTcpClient\b|\.(?:post|put|patch)\s*\(|\bmethod\s*[:=]\s*["'](?:POST|PUT|PATCH)["']|\bNet::HTTP::(?:Post|Put)\b|\bInvoke-(?:WebRequest|RestMethod)\b|\bUploadFile\s*\(/i,
);
/** Uploads to object storage: the bucket is the destination (`aws s3 cp` is judged the same way). */
const BUCKET_UPLOAD = gated(
  /\.upload_file(?:obj)?\s*\(\s*["'][^"']+["']|\.put_object\s*\([^)]{0,200}\bBody\s*=\s*open\s*\(|\bPutObjectCommand\b[\s\S]{0,300}\bBody\s*:\s*(?:fs\.)?(?:readFileSync|createReadStream)\s*\(|\bWrite-S3Object\b[^\n]{0,200}-File\b/i,
);
/** A local file read by a literal path (the data the code sends). */
const FILE_READ =
  /\b(?:open|Path|read_text|read_bytes|readFileSync|readFile|createReadStream|File\.(?:read|open|binread|readlines)|Get-Content|slurp)\s*\(\s*["']([^"'\n]{1,200})["']|\bGet-Content\s+(?:-Path\s+)?["']?([^\s"';|]+)|-(?:Attachments|InFile|File)\s+["']?([^\s"';|]+)|\.put\s*\(\s*["']([^"'\n]{1,200})["']|\.upload_file(?:obj)?\s*\(\s*["']([^"'\n]{1,200})["']/gi;
/** Literal destinations: URLs, quoted host names and addresses (`('smtp.x.net', 587)`, `host: 'x.io'`). */
const DESTINATION =
  /\b(?:https?|ftp|sftp|wss?):\/\/[^\s'"`)]+|["']((?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9-]+\.)+[a-z]{2,})["']|-(?:SmtpServer|Server|ComputerName)\s+((?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9-]+\.)+[a-z]{2,})\b/gi;
/** File names in quotes end like host names (`'users.sql'`): these are files, not hosts. */
const FILE_SUFFIX =
  /\.(?:sql|csv|json|ya?ml|txt|env|py|js|ts|rb|pl|ps1|sh|log|db|sqlite3?|xlsx?|docx?|pdf|zip|gz|tar|tgz|bak|dump|pem|key|crt|conf|cfg|ini|toml|xml|html?|md|jpe?g|png|dat|bin|exe|dll|jsonl|parquet)$/i;

function firstFile(code: string): string | undefined {
  for (const match of matchesOf(FILE_READ, code)) {
    const file = match.slice(1).find((group) => group !== undefined);
    if (file !== undefined && !/^(?:-|\/dev\/(?:null|stdin))$/.test(file)) return file;
  }
  return undefined;
}

/** The first destination outside the machine and the allowed hosts, when the code names one. */
export function outsideHost(code: string, environment: ShieldEnvironment): string | undefined {
  for (const match of matchesOf(DESTINATION, code)) {
    const named = match[1] ?? match[2];
    if (named !== undefined && FILE_SUFFIX.test(named)) continue;
    const host = readHost(named === undefined ? match[0] : `https://${named}/`, environment);
    if (host && !host.allowed && !host.loopback) return host.host;
  }
  return undefined;
}

/** How the texts run: code run with this action, a source file written for later, or command lines. */
export type CodeUse = "runs" | "written" | "shell";

const STORE_CHECKS: Record<CodeUse, { test(text: string): boolean }> = {
  runs: STORE_READ,
  written: STORE_DUMP,
  shell: SHELL_STORE_READ,
};

export function judgeCodeStoresAndSends(
  code: readonly string[],
  use: CodeUse,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const text of code.slice(0, 16)) {
    if (text.length > MAX_CODE) continue;
    if (STORE_CHECKS[use].test(text)) {
      findings.escalate("read", "code reads passwords from the operating system's secret store");
    }
    if (BUCKET_UPLOAD.test(text)) {
      findings.escalate("network", "code uploads a local file to cloud storage");
    }
    if (use === "runs") judgeWalkedFolders(text, environment, findings);
    if (!CODE_SENDS.test(text)) continue;
    const file = firstFile(text);
    if (file === undefined) continue;
    const host = outsideHost(text, environment);
    if (host === undefined) continue;
    const protocol = SENDERS.find(([, pattern]) => pattern.test(text))?.[0];
    if (protocol === undefined) continue;
    findings.escalate("network", `code sends "${file.slice(0, 80)}" to "${host}" through ${protocol}`);
  }
}
