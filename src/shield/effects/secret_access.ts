/** Secrets read, whatever the tool: secret stores outside the workspace read by any path spelling, the operating
 * system's credential stores through their own tools (Windows Credential Manager, LSASS and registry-hive dumps,
 * volume shadow copies of the domain database), and code libraries that read browser cookies or saved passwords.
 * Dumps of memory, hives or a whole keychain BLOCK; the rest ESCALATE (a human may be reading their own secret on
 * purpose); one item piped into its own service's login is the token used (round 13). */

import { gated } from "./gate.ts";
import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import type { ClassedPath } from "./local_effects.ts";
import { programs } from "./programs.ts";
import { feedsDefaultLogin } from "./secret_logins.ts";
import { readsDevSettingOnly } from "./dev_setting_reads.ts";
import { ITEM_PRINTERS } from "./keychain_env_uses.ts";

/** Credential-store tools: program, then the argument words that make it read or dump secrets. */
const STORE_READERS: Array<[RegExp, RegExp | undefined, "block" | "escalate"]> = [
  [/^cmdkey(?:\.exe)?$/i, /^\/list\b/i, "escalate"],
  [/^vaultcmd(?:\.exe)?$/i, /^\/list(?:creds|properties)?\b/i, "escalate"],
  [/^rundll32(?:\.exe)?$/i, /comsvcs|minidump/i, "block"],
  [/^procdump(?:64)?(?:\.exe)?$/i, /lsass/i, "block"],
  // The SAM and SECURITY hives, the SYSTEM hive whole (its boot key decrypts them) or its LSA key; not one service's
  // or driver's settings under `HKLM\SYSTEM\CurrentControlSet\Services` (round 87: `reg query` of a host name).
  [
    /^reg(?:\.exe)?$/i,
    /^hklm[\\/](?:sam|security)\b|^hklm[\\/]system(?:[\\/]*$|[\\/](?:currentcontrolset|controlset\d+)[\\/]control[\\/]lsa\b)/i,
    "block",
  ],
  [/^(?:ntdsutil|esentutl)(?:\.exe)?$/i, /ntds|ifm/i, "block"],
  [/^vssadmin(?:\.exe)?$/i, /^create$|^shadow$/i, "escalate"],
  [/^kwallet-query$/i, undefined, "escalate"],
  [/^(?:security)$/, /^(?:dump-keychain|export)$/, "block"],
  [/^(?:security)$/, /^find-(?:generic|internet)-password$/, "escalate"],
  [/^secret-tool$/, /^(?:lookup|search)$/, "escalate"],
  [/^docker-credential-[\w-]+$/, /^(?:get|list)$/, "escalate"],
  [/^git$/, /^credential$/, "escalate"],
  [/^(?:op|bw|lpass|pass|gopass|keeper|vault)$/, /^(?:get|show|read|item|export)$/, "escalate"],
  [/^(?:lazagne|mimikatz|pypykatz|secretsdump(?:\.py)?)(?:\.exe)?$/i, undefined, "block"],
];

/** Libraries and calls that read browsers' cookies or saved passwords, or decrypt them. */
const BROWSER_SECRET_CODE = gated(
  /\b(?:browser_cookie3|pycookiecheat|browsercookie|chrome_cookies|CryptUnprotectData|win32crypt|Login Data|encrypted_value|os_crypt|logins\.json|key4\.db|cookies\.sqlite)\b/i,
);

/** Secret stores outside the workspace that the action reads (its writes are judged elsewhere). */
export function judgeSecretReads(reads: readonly ClassedPath[], findings: Findings): void {
  for (const { path, kind } of reads) {
    if (kind === "secret" && path.relative === undefined) {
      findings.escalate("read", `reads the secret store "${path.absolute}"`);
    }
  }
}

/** Round 71: a password manager's or Vault's listing of names and versions, no value: 1Password `op item list`,
 * `op vault list` (titles, ids, dates), Vault `kv metadata get|list` and `kv list` (versions, key names). With
 * `--reveal` or any other sub-command (`op item get`, `op read`, `vault kv get`) it still reads; the segment a listing
 * is piped into is judged on its own (`op item list | op item get - --reveal` still asks). `bw list items` returns
 * whole items, passwords included, and is not spared. Sources: 1Password CLI `item list`, Vault `kv metadata`. */
function listsStoreMetadata(program: string, argv: readonly string[]): boolean {
  if (argv.some((arg) => /^--?(?:reveal|field|fields)\b/.test(arg))) return false;
  const words = argv.slice(1).filter((arg) => !arg.startsWith("-"));
  if (program === "op") {
    return /^(?:item|vault|document|user|group)$/.test(words[0] ?? "") && words[1] === "list";
  }
  if (program === "vault") {
    // Round 91: `vault policy read|list` and `vault auth|secrets|audit list` read the server's configuration.
    if (words[0] === "policy" && /^(?:read|list)$/.test(words[1] ?? "")) return true;
    if (/^(?:auth|secrets|audit)$/.test(words[0] ?? "") && words[1] === "list") return true;
    return words[0] === "kv" &&
      (words[1] === "list" || (words[1] === "metadata" && /^(?:get|list)$/.test(words[2] ?? "")));
  }
  return false;
}

/** Arguments dumping or exporting a whole store rather than reading one item. */
const WHOLE_STORE = /\b(?:dump-keychain|export|list|search)\b/;

/** Program names of STORE_READERS, for one test before the table. */
const STORE_PROGRAMS =
  /^(?:cmdkey|vaultcmd|rundll32|procdump(?:64)?|reg|ntdsutil|esentutl|vssadmin|kwallet-query|security|secret-tool|lazagne|mimikatz|pypykatz|secretsdump(?:\.py)?|docker-credential-[\w-]+|git|op|bw|lpass|pass|gopass|keeper|vault)(?:\.exe)?$/i;

const STORE_PROGRAM_SET = programs(STORE_PROGRAMS);

/** Whether judgeSecretTools' segment loop looks at a segment of `program` (spelled with slashes). */
export function readsStoresWith(program: string): boolean {
  return STORE_PROGRAM_SET.has(program);
}

/** Whether its loop reads a segment's program anew: a Windows-spelled one (`C:\\Windows\\reg.exe`). */
export function readsStoreAlone(segment: Segment): boolean {
  return (segment.argv[0] ?? "").includes("\\");
}

/** Credential-store tools among the commands, and code reading browser secrets. */
export function judgeSecretTools(
  segments: readonly Segment[],
  code: readonly string[],
  findings: Findings,
  handedToClients = false,
): void {
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const first = segment.argv[0] ?? "";
    const program = first.includes("\\") ? basename(first.replace(/\\/g, "/")) : segment.program;
    if (!readsStoresWith(program)) continue;
    // One item fed to the login of the service it belongs to is the token used, not read out.
    if (feedsDefaultLogin(segments, index) && !WHOLE_STORE.test(segment.argv.slice(1).join(" "))) continue;
    if (readsDevSettingOnly(segments, index)) continue;
    // Items handed to local clients through their environment (round 46, `keychain_env_uses.ts`).
    if (handedToClients && ITEM_PRINTERS.test(program) && !WHOLE_STORE.test(segment.argv.join(" "))) continue;
    if (listsStoreMetadata(program, segment.argv)) continue;
    for (const [name, argument, level] of STORE_READERS) {
      if (!name.test(program)) continue;
      const args = segment.argv.slice(1);
      if (argument === undefined || args.some((arg) => argument.test(arg))) {
        findings.add(level, "read", `"${program}" reads or dumps the system's stored credentials`);
      }
    }
  }
  for (const text of code.slice(0, 32)) {
    if (text.length < 256 * 1024 && BROWSER_SECRET_CODE.test(text)) {
      findings.escalate("read", "code reads a browser's cookies or saved passwords");
      return;
    }
  }
}
