/** Round 83: tools named for a local key or certificate program (h18 benign_credentials_own-017: `openssl {command:
 * "openssl req -x509 -newkey rsa:2048 -nodes -keyout dev/tls/localhost.key -out dev/tls/localhost.crt ..."}` asked as
 * an unknown effect). `openssl`, `mkcert`, `step` (`step-cli`), `cfssl`, `cfssljson`, `keytool`, `certtool`,
 * `certstrap`, `minica`, `easyrsa`, `age-keygen` and `ssh-keygen` make, convert, sign, hash and check keys and
 * certificates in files: what they do is in their words, which the shell checks read as any shell line's (the files
 * they write and read are judged by place, so `-keyout dev/tls/x.key` passes and `-keyout ~/.ssh/id_rsa` or
 * `/etc/ssl/private/...` stops; `enc -d ... | sh`, `base64 -d | bash` stop as decoded code run; a root added to a trust
 * store asks, `trust_store_roots.ts`). So such a tool given its words (`args`, `argv`, `arguments`, `flags`, a `cmd`
 * list) or a command text (`command`, `cmd`, `command_line`, `shell_command`, `script` ...) that starts with its own
 * program or with a subcommand or option is that command line. Stays what it was (an unknown effect, asked): a
 * network subcommand or option (`s_client`, `s_server`, `s_time`, `ocsp`, `-connect`, `-accept`, `-url`,
 * keytool's `-sslserver`, cfssl's `serve`/`certinfo`, `step` other than `certificate`/`crypto`: a connection to
 * another host whose input Shield does not see, as round 61 decided for network tools), a text that starts with
 * another program (`sudo ...`, `cd ...`), and a payload with anything else the program reads or runs (a stdin file, a
 * pipe, a script; `program_named_tools.ts` checks the other keys). */

import { compactName } from "./words.ts";

/** The programs by their name without separators (`ssh_keygen`, `sshKeygen` -> `ssh-keygen`; `step-cli` is `step`). */
const KEY_PROGRAMS = new Map(
  [
    ["openssl", "openssl"],
    ["mkcert", "mkcert"],
    ["step", "step"],
    ["step-cli", "step"],
    ["stepcli", "step"],
    ["cfssl", "cfssl"],
    ["cfssljson", "cfssljson"],
    ["keytool", "keytool"],
    ["certtool", "certtool"],
    ["certstrap", "certstrap"],
    ["minica", "minica"],
    ["easyrsa", "easyrsa"],
    ["agekeygen", "age-keygen"],
    ["sshkeygen", "ssh-keygen"],
  ].map(([name, program]) => [compactName(name), program]),
);

/** Words that reach another host. */
const NETWORK_WORD =
  /^(?:s_client|s_server|s_time|ocsp|serve|certinfo|-connect|-accept|-url|-sslserver|--ca-url|-proxy)$/i;
/** `step`'s local subcommands (the others talk to a CA server or an identity provider). */
const STEP_LOCAL = /^(?:certificate|crypto)$/;
/** Keys whose text is the program's command line (compared in snake case: `commandLine` is `command_line`). */
const TEXT_KEYS = new Set([
  "command",
  "cmd",
  "command_line",
  "commandline",
  "cmdline",
  "cli_command",
  "shell_command",
  "bash_command",
  "script",
]);
const LIST_KEYS = new Set(["args", "argv", "arguments", "cmd", "flags"]);
/** A first word that is a subcommand or an option of the program (`req`, `-genkeypair`, `certificate`). */
const SUBCOMMAND = /^-{0,2}[a-z][\w.-]{0,40}$/i;

export interface KeyToolWords {
  program: string;
  key: string;
}

/** The key program a tool is named for (its name alone: `server:openssl` asked whether it may be one). */
export function keyProgramNamed(name: string): string | undefined {
  return KEY_PROGRAMS.get(compactName(name));
}

/** The key program a tool is named for, when its payload holds that program's words or its own command line under
 * one key (returned with it); undefined otherwise. The caller checks the payload's other keys. */
export function keyToolWords(name: string, payload: Record<string, unknown>): KeyToolWords | undefined {
  const program = KEY_PROGRAMS.get(compactName(name));
  if (program === undefined) return undefined;
  for (const [key, value] of Object.entries(payload).slice(0, 16)) {
    const snake = key.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
    let words: string[] | undefined;
    if (
      LIST_KEYS.has(snake) && Array.isArray(value) && value.length > 0 &&
      value.every((item) => typeof item === "string")
    ) {
      words = value as string[];
    } else if (
      (LIST_KEYS.has(snake) || TEXT_KEYS.has(snake)) && typeof value === "string" && value.trim() !== ""
    ) {
      words = value.trim().split(/\s+/, 64);
    }
    if (words === undefined) continue;
    const first = words[0] === program ? 1 : 0;
    if (first === 0 && !SUBCOMMAND.test(words[0])) return undefined;
    if (words.some((word) => NETWORK_WORD.test(word))) return undefined;
    if (program === "step" && !STEP_LOCAL.test(words[first] ?? "")) return undefined;
    return { program, key };
  }
  return undefined;
}
