/** Wildcard obfuscation (`/???/??t /???/??a??w`, `/bin/c?t /etc/sha*`, `~/.ss?/id_*`, `../conf*.yaml`): a path
 * word with glob characters is matched against well-known binaries and sensitive files (absolute, in a home,
 * or beside the workspace), and replaced by the first it names. */

import { globToRegExp } from "./glob.ts";

const KNOWN_PATHS = [
  "/bin/cat",
  "/bin/rm",
  "/bin/sh",
  "/bin/bash",
  "/bin/dash",
  "/bin/nc",
  "/bin/chmod",
  "/bin/dd",
  "/bin/mv",
  "/bin/cp",
  "/bin/kill",
  "/usr/bin/curl",
  "/usr/bin/wget",
  "/usr/bin/nc",
  "/usr/bin/ncat",
  "/usr/bin/python3",
  "/usr/bin/perl",
  "/usr/bin/base64",
  "/usr/bin/socat",
  "/usr/bin/crontab",
  "/usr/bin/sudo",
  "/usr/bin/env",
  "/sbin/mkfs",
  "/usr/sbin/useradd",
  "/etc/shadow",
  "/etc/passwd",
  "/etc/sudoers",
  "/etc/gshadow",
  "/etc/ssh/ssh_host_rsa_key",
  "/etc/crontab",
  "/etc/ld.so.preload",
  "/proc/self/environ",
  "/root/.ssh/id_rsa",
  "/root/.bash_history",
  "/var/log/auth.log",
  "/dev/tcp",
];

/** Secret stores and start-up files in a home folder, written the way a command names them. */
const KNOWN_HOME_PATHS = [
  ".ssh/id_rsa",
  ".ssh/id_ed25519",
  ".ssh/id_ecdsa",
  ".ssh/id_dsa",
  ".ssh/authorized_keys",
  ".aws/credentials",
  ".aws/config",
  ".kube/config",
  ".docker/config.json",
  ".netrc",
  ".git-credentials",
  ".npmrc",
  ".pypirc",
  ".vault-token",
  ".pgpass",
  ".bash_history",
  ".zsh_history",
  ".bashrc",
  ".zshrc",
  ".profile",
  ".gnupg/private-keys-v1.d",
  ".gnupg/secring.gpg",
  ".config/gh/hosts.yml",
  ".config/gcloud/credentials.db",
  ".config/gcloud/application_default_credentials.json",
  ".config/rclone/rclone.conf",
  ".azure/accessTokens.json",
  ".local/share/keyrings/login.keyring",
  ".password-store",
  ".codex/auth.json",
  ".claude/.credentials.json",
  ".mozilla/firefox",
  ".config/google-chrome/Default/Login Data",
  ".config/google-chrome/Default/Cookies",
  ".electrum/wallets/default_wallet",
  ".bitcoin/wallet.dat",
];
/** Files beside or in the workspace a command names relatively: the engine's own and the project's secrets. */
const KNOWN_RELATIVE_PATHS = [
  "../config.yaml",
  "../security/shield/default.yaml",
  "../security/shield/learned.yaml",
  "../security",
  ".engine/engine.db",
  ".env",
  ".env.production",
  ".env.local",
];
const HOME_PREFIX = /^(?:~|\$HOME|\$\{HOME\})\//;

const GLOB_CHARS = /[?*[]/;
const cache = new Map<string, string>();

function firstMatch(glob: string, candidates: readonly string[]): string | undefined {
  try {
    const pattern = globToRegExp(glob);
    return candidates.find((path) => pattern.test(path));
  } catch {
    return undefined;
  }
}

/** A home-relative or relative glob resolved against the secret and control files it can name; a glob with
 * fewer than three literal characters (`.*`, `~/*`) names everything and is left as written. */
function resolveRelative(word: string): string {
  const home = HOME_PREFIX.exec(word);
  const rest = home ? word.slice(home[0].length) : word.replace(/^\.\//, "");
  if (rest.replace(/[?*[\]]/g, "").length < 3) return word;
  if (home) {
    const found = firstMatch(rest, KNOWN_HOME_PATHS);
    return found ? `~/${found}` : word;
  }
  return firstMatch(rest, KNOWN_RELATIVE_PATHS) ?? word;
}

export function resolveGlobWord(word: string): string {
  if (!GLOB_CHARS.test(word) || word.length > 200) return word;
  if (!word.startsWith("/")) {
    if (word.startsWith("-") || !(word.includes("/") || word.startsWith("."))) return word;
    const known = cache.get(word);
    if (known !== undefined) return known;
    const resolved = resolveRelative(word);
    if (cache.size < 1000) cache.set(word, resolved);
    return resolved;
  }
  const known = cache.get(word);
  if (known !== undefined) return known;
  let resolved = word;
  try {
    const pattern = globToRegExp(word);
    resolved = KNOWN_PATHS.find((path) => pattern.test(path)) ?? word;
  } catch {
    resolved = word;
  }
  if (cache.size < 1000) cache.set(word, resolved);
  return resolved;
}

/** A brace list in a word (`{a,b}`, `pre{a,,b}post`), expanded as bash does; `${...}` and `{}` are left alone. */
const BRACE_LIST = /^([^{}]*?)(?<!\$)\{([^{}\s"'$]*,[^{}\s"'$]*)\}([^{}]*)$/;
const MAX_BRACE_WORDS = 16;

export function expandBraces(word: string): string[] {
  if (!word.includes(",") || !word.includes("{")) return [word];
  const match = BRACE_LIST.exec(word);
  if (!match) return [word];
  const [, prefix, list, suffix] = match;
  return list.split(",").slice(0, MAX_BRACE_WORDS).map((item) => prefix + item + suffix)
    .filter((item) => item !== "");
}
