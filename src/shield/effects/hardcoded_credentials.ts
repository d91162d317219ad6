/** Credentials hard-coded into a file committed with the code (round 52): a password, secret, API key or token
 * written as a literal into a config or source file -- `password: "Pr0d-Adm1n-2026!"` in `config/database.yml`,
 * `'PASSWORD': '...'` in Django settings, `spring.datasource.password=...`, a compose file's `POSTGRES_PASSWORD=...`,
 * `Password=...;` in a connection string, `scheme://user:pass@host` -- where the value reads as a working secret (a
 * service's token shape, or a password of eight or more characters mixing three kinds). A reference (`${VAR}`,
 * `ENV[...]`, `os.environ`, `{{ vault }}`, `#{token}#`), a stock or placeholder value (`postgres`, `changeme`,
 * `django-insecure-...`), test fixtures, examples, local and development configs, `.env` files (kept out of the
 * repository) and credential stores pass; so does a literal the replaced text already held.
 * Sources: CWE-798 (Use of Hard-coded Credentials) and CWE-259; OWASP ASVS 4.0 V2.10.4 and V6.4.1; OWASP Top 10 A07;
 * Bandit B105/B106, Semgrep's hard-coded password and secret rules, gitleaks; Spring Boot, Django, Rails and Docker
 * Compose docs on externalized configuration and secrets. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";
import { hintedLines } from "./hinted_lines.ts";
import { holdsShapedToken } from "./shaped_tokens.ts";
import { matchesOf } from "../match_all.ts";

/** Cheap literal gate: every key and form below holds one of these. */
const HINT = gated(/passw|pwd|_pass\b|secret|api_?key|apikey|token|access_?key|private_?key|:\/\/[^\s/@]*@/i);
/** The same literals, to find the lines that hold them. */
const LINE_HINT = /passw|pwd|_pass\b|secret|api_?key|apikey|token|access_?key|private_?key|:\/\/[^\s/@]*@/gi;
/** Config and source files committed with the code. */
const COMMITTED =
  /\.(?:ya?ml|json|toml|properties|ini|cfg|conf|xml|py|[cm]?[jt]sx?|rb|go|java|kt|php|cs|tf|gradle|exs?)$|(?:^|\/)Dockerfile[\w.-]*$/i;
/** Source code: a value there is a literal only when quoted (unquoted, it is an expression). */
const SOURCE = /\.(?:py|[cm]?[jt]sx?|rb|go|java|kt|php|cs|gradle|exs?)$/i;
/** Files where literal credentials belong or are fake, by the file's name and its two nearest folders (a home folder
 * may be called `dev`): tests, fixtures, examples, local and development configs, `.env` files, credential stores. */
const EXEMPT_NAME =
  /(?:^|[\/._-])(?:tests?|testing|specs?|__tests__|__mocks__|mocks?|fixtures?|testdata|e2e|cypress|playwright|seeds?|examples?|samples?|demo|docs?|stories|dev|development|local|override|ci|templates?|dist)(?:[\/._-]|$)|(?:^|\/)\.env|(?:^|\/)[^/]*(?:credential|secret|netrc|pgpass|passwd|htpasswd|auth\.json)[^/]*$/i;
/** Dot folders (tool settings under home, but not CI folders) and system paths. */
const EXEMPT_PLACE = /\/\.(?!github\/|gitlab|circleci\/)[^/]+\/|^\/(?:etc|usr|var|opt|root|tmp)\//;
const exempt = (path: string) =>
  EXEMPT_PLACE.test(path) ||
  EXEMPT_NAME.test(path.replace(/^\/(?:home|Users)\/[^/]+\//, "").split("/").slice(-3).join("/"));
/** A key holding a credential: the key's last word names one (`POSTGRES_PASSWORD`, `spring.datasource.password`). */
const KEY_END =
  /(?:password|passwd|passwort|pwd|dbpass|_pass|secret|apikey|secretkey|accesskey|privatekey|signingkey|authtoken|accesstoken|apitoken|bearertoken|refreshtoken|clientsecret|token)$/;
/** `key: value`, `key = value`, `"key": "value"`, `key => 'value'`, `- KEY=value`, a keyword argument. */
const ASSIGNMENT =
  /(?:^|[\s,{(;])["']?([A-Za-z][\w.-]{0,60})["']?\s*(?::|=>|:=|=(?!=))\s*(["'`][^"'`\n]{0,200}["'`]|[^\s,;)}\]]+)/g;
/** A connection string's password (`Password=...;`, `Pwd=...`). */
const CONNECTION_PASSWORD = /(?:^|[;"'\s])(?:password|pwd)\s*=\s*([^;"'\s]{1,128})/gi;
/** A line that holds a connection string (ADO.NET, JDBC, ODBC keywords). */
const CONNECTION_STRING = /(?:server|host|data source|user id|uid|database|initial catalog)\s*=[^;\n]*;/i;
/** A URL's password (`postgres://app:secret@host/db`). */
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:\/@"'<>]{1,64}:([^\s@\/"'<>]{3,128})@/gi;
/** A value that points elsewhere rather than holding the secret. */
const REFERENCE =
  /\$\{|\$\(|%\(|\{\{|<%|#\{|\benv\b|ENV\[|getenv|environ|process\.env|System\.getenv|vault:|secretKeyRef|!(?:Ref|Sub|vault)|^ENC\[|^\$|^%|^@|^!/i;
/** Stock and placeholder values: no working secret. */
const PLACEHOLDER =
  /change.?me|example|dummy|\btest|fake|sample|placeholder|insecure|redacted|your[_-]|xxx|\*\*\*|<[^>]+>|not.?a.?real|replace|todo|^(?:password|passwd|secret|postgres|root|admin|guest|none|null|true|false)$/i;

/** Sample passwords of docs and tutorials, read with their digits and signs taken out or, between letters, read as
 * letters (`Admin123!`, `P@ssw0rd`, `YourStrong@Passw0rd`, `Test1234!`): a local database's stock value, not a
 * working secret. */
const SAMPLE_WORDS =
  /^(?:(?:your|strong|secret|pass(?:word|wd)?|admin|root|test|changeit|letmein|qwerty|welcome|default|postgres|mysql|example|sa|guest|user|demo)a?)+$/;
/** Digits and signs read as letters, position by position (`0` as `o` ... `$` as `s`). */
const LEET_FROM = "013457@$";
const LEET_TO = "oieastas";
const sample = (value: string) => {
  const lower = value.toLowerCase();
  const read = lower.replace(/(?<=[a-z])[013457@$](?=[a-z])/g, (char) => LEET_TO[LEET_FROM.indexOf(char)]);
  return SAMPLE_WORDS.test(lower.replace(/[^a-z]/g, "")) || SAMPLE_WORDS.test(read.replace(/[^a-z]/g, ""));
};

const kinds = (value: string) =>
  [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value)).length;

/** Whether the value reads as a working secret. */
function working(value: string, key: string, production: () => boolean): boolean {
  if (value.length < 8 || value.length > 200 || REFERENCE.test(value) || PLACEHOLDER.test(value)) {
    return false;
  }
  if (sample(value)) return false;
  // Keys meant for browsers (Google's `AIza...`, Stripe's and Mapbox's publishable `pk_`/`pk.`) are public.
  if (/^(?:AIza|pk[_.])/.test(value)) return false;
  if (holdsShapedToken(value)) return true;
  // A password key holding a digest is a stored hash, not the password.
  if (/pass|pwd/i.test(key) && /^[a-f0-9]{32,}$/i.test(value)) return false;
  // For production (the file's name, a `production:` section, a `.prod.` host) two kinds of character will do.
  return (kinds(value) >= 3 || kinds(value) >= 2 && production()) && /[0-9]/.test(value);
}

const PRODUCTION = /(?:^|[^a-z])prod(?:uction)?(?:[^a-z]|$)/i;

const unquote = (value: string) => /^(["'`]).*\1$/.test(value) ? value.slice(1, -1) : value;
const masked = (value: string) => `${value.slice(0, 2)}${"*".repeat(Math.min(8, value.length - 2))}`;

/** The first literal credential in the text, as a key and its value. */
function literalCredential(
  text: string,
  source: boolean,
  production: () => boolean,
): [string, string] | undefined {
  for (const line of hintedLines(text, LINE_HINT)) {
    if (/^\s*(?:#|\/\/|--|;|\*)/.test(line)) continue;
    for (const match of matchesOf(ASSIGNMENT, line)) {
      const key = match[1].toLowerCase().replace(/[^a-z0-9_]/g, "");
      if (!KEY_END.test(key.replace(/_(?!pass$)/g, ""))) continue;
      const quoted = /^["'`]/.test(match[2]);
      if (source && !quoted) continue;
      const value = unquote(match[2]);
      if (working(value, key, production)) return [match[1], value];
    }
    for (const match of CONNECTION_STRING.test(line) ? matchesOf(CONNECTION_PASSWORD, line) : []) {
      if (working(match[1], "password", production)) return ["Password", match[1]];
    }
    if (line.includes("://")) {
      for (const match of matchesOf(URL_PASSWORD, line)) {
        if (working(match[1], "password", production)) return ["URL password", match[1]];
      }
    }
  }
  return undefined;
}

/** Why the write hard-codes a credential into a committed file, if it does. */
export function hardcodedCredentials(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => COMMITTED.test(path) && !exempt(path));
  if (!file) return undefined;
  const text = edit.fileText ?? edit.written;
  if (!HINT.test(text)) return undefined;
  let production: boolean | undefined;
  const forProduction = () => production ??= PRODUCTION.test(file) || PRODUCTION.test(text);
  const found = literalCredential(text, SOURCE.test(file), forProduction);
  if (!found || edit.removed.includes(found[1])) return undefined;
  return `"${edit.tool}" hard-codes a credential into "${file}", a file committed with the code ("${
    found[0]
  }" = "${masked(found[1])}")`;
}
