/** Wildcard obfuscation (`/???/??t /???/??a??w`, `/bin/c?t /etc/sha*`): a path word with glob characters is
 * matched against well-known binaries and sensitive files, and replaced by the first it names. */

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

const GLOB_CHARS = /[?*[]/;
const cache = new Map<string, string>();

export function resolveGlobWord(word: string): string {
  if (!word.startsWith("/") || !GLOB_CHARS.test(word) || word.length > 200) return word;
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
