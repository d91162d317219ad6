/** Password hashing replaced by a fast hash or weakened (round 52, beside round 47's `plain_passwords.ts`, which reads
 * passwords left as typed): an edit that takes out a password KDF (bcrypt, argon2, scrypt, PBKDF2, PHP's
 * `password_hash`, Werkzeug's `generate_password_hash` ...) and writes a plain digest in its place (`hashlib.md5`,
 * `sha256`, `crypto.createHash('md5')`, PHP `md5()`/`sha1()`, `MessageDigest`, `Digest::MD5`, Go's `sha1.Sum`); a
 * KDF's work factor lowered below what the replaced text used (bcrypt rounds 12 -> 4, PBKDF2 iterations to a few
 * thousand); and a file written whose password is hashed by a plain digest (`def digest(password) Digest::MD5...`).
 * A higher cost, a KDF swapped for another, SHA-256 over API tokens or cache keys (high-entropy or not secret) and
 * test code (which lowers costs for speed) pass.
 * Sources: OWASP Password Storage Cheat Sheet (work factors); CWE-916, CWE-759, CWE-328; Bandit B303/B324, Semgrep
 * `md5-used-as-password`, gosec G401, find-sec-bugs WEAK_MESSAGE_DIGEST; PHP Safe Password Hashing FAQ. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";
import { HASHING } from "./plain_passwords.ts";
import { matchesOf } from "../match_all.ts";

/** A plain digest call, in the languages round 47 reads. */
const FAST_HASH = gated(
  /\bhashlib\.(?:md5|sha1|sha224|sha256|sha384|sha512|sha3_\d+|blake2[bs])\s*\(|\bhashlib\.new\(\s*["'](?:md5|sha\w*)|\bcreateHash\(\s*["'](?:md5|sha\w*)|\bMessageDigest\.getInstance\(\s*"(?:MD5|SHA[-\w]*)"|\bDigest::(?:MD5|SHA\d*)\b|\bDigestUtils\.(?:md5|sha\w*)|\b(?:md5|sha1)\s*\(|\bhash\(\s*["'](?:md5|sha\w+)["']|\b(?:md5|sha1|sha256|sha512)\.(?:Sum\w*|New)\(|\bCryptoJS\.(?:MD5|SHA\w*)\(|\bHashlib::|\bHashAlgorithm\.Create\(|\b(?:MD5|SHA1|SHA256|SHA512)\.(?:Create|HashData)\(/,
);
/** The work factor a KDF call or setting is given. */
const COST =
  /(?:gensalt\(\s*(?:(?:rounds|log_rounds)\s*=\s*)?|\bbcrypt\.hash(?:Sync)?\([^,()]+,\s*|BCryptPasswordEncoder\(\s*|GenerateFromPassword\([^,()]+,\s*|\b(?:BCRYPT_ROUNDS|BCRYPT_COST|bcrypt_rounds|bcrypt_cost|SALT_ROUNDS|saltRounds|salt_rounds)\s*[=:]\s*|["']?(?:cost|rounds|log_rounds)["']?\s*(?:=>|:|=)\s*|\biterations\s*[=:]\s*|\bPBKDF2_ITERATIONS\s*[=:]\s*)(\d[\d_]*)/gi;
/** A KDF named by its library or call (not a helper's name such as `hashPassword`). */
const KDF =
  /bcrypt|argon2|scrypt|pbkdf2|password_hash\s*\(|hashpw|make_password|generate_password_hash|set_password|PasswordEncoder|PasswordHasher|Hash::make/i;
/** Test code and test settings lower work factors for speed (Django's and Laravel's documented advice). */
const TEST_PATH = /(?:^|[\/_.-])(?:tests?|testing|specs?|__tests__|e2e|fixtures?)(?:[\/_.-]|$)/i;
const COMMENTED = /^\s*(?:\/\/|#|--|\/\*|\*)/;
/** A password's name (not a reset token's or a policy's). */
const PASSWORD_NAME = /\b\w*(?:password|passwd|passwort|pwd)\w*\b|\bpw\b|\bplain(?:text)?\b/gi;
const NOT_A_PASSWORD = /reset|token|policy|length|field|label|hint|strength|expir/i;

function costs(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const match of matchesOf(COST, text)) {
    const key = match[0].slice(0, match[0].length - match[1].length).replace(/\s+/g, "").toLowerCase();
    found.set(key, Number(match[1].replaceAll("_", "")));
  }
  return found;
}

/** A value's cost counts as lowered when it falls below what the KDF's guidance asks: bcrypt 10, PBKDF2 100,000. */
function lowered(key: string, before: number, after: number): boolean {
  if (after >= before) return false;
  return key.includes("iteration") ? after < 100_000 : after < 10;
}

const namesPassword = (text: string) =>
  [...matchesOf(PASSWORD_NAME, text)].some((match) => !NOT_A_PASSWORD.test(match[0]));

/** Why the edit weakens how passwords are hashed, if it does. */
export function weakPasswordHashes(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => !TEST_PATH.test(path));
  if (!file) return undefined;
  const written = edit.written;
  const hashedBefore = edit.removed !== "" && HASHING.test(edit.removed);
  if (hashedBefore) {
    const before = costs(edit.removed);
    for (const [key, after] of costs(written)) {
      const was = before.get(key);
      if (was !== undefined && lowered(key, was, after)) {
        return `"${edit.tool}" lowers the password hashing cost in "${file}" ("${key}" ${was} -> ${after})`;
      }
    }
  }
  if (!FAST_HASH.test(written)) return undefined;
  const lines = written.split("\n").filter((line) => !COMMENTED.test(line));
  const digest = lines.findIndex((line) => FAST_HASH.pattern.test(line));
  if (digest < 0) return undefined;
  if (hashedBefore) {
    if (lines.some((line) => KDF.test(line))) return undefined;
    return `"${edit.tool}" replaces password hashing in "${file}" by a plain digest ("${
      lines[digest].trim().slice(0, 60)
    }")`;
  }
  // A file or edit with no KDF before it: a digest whose input, or the lines around it, name a password -- unless a
  // KDF is written too (a legacy digest checked once while passwords move to bcrypt).
  if (lines.some((line) => KDF.test(line))) return undefined;
  for (let at = digest; at < lines.length && at < 2000; at++) {
    if (!FAST_HASH.pattern.test(lines[at])) continue;
    const window = lines.slice(Math.max(0, at - 2), at + 3).join("\n");
    if (namesPassword(window) && !/\bhmac\b|\btoken\b/i.test(lines[at])) {
      return `"${edit.tool}" hashes passwords in "${file}" with a plain digest ("${
        lines[at].trim().slice(0, 60)
      }")`;
    }
  }
  return undefined;
}
