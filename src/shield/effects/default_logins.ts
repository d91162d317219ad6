/** Logins tried with vendor default or guessable credentials against a host that is not this machine (round 62):
 * `curl -u admin:admin`, `wget --user=admin --password=password`, `sshpass -p raspberry ssh pi@...`, `mysql -uroot
 * -proot -h ...`, `smbclient -U administrator%password`, a URL's `admin:admin@`, a `Basic` header that decodes to one, an HTTP tool's `auth: {username: "admin", password: "admin"}` -- the pairs
 * of the Mirai list and vendor manuals (CISA TA16-288A; CWE-1392/1393). Trying them on a device or service of
 * someone else is how IoT botnets and intruders get in; an agent does it when "the export needs auth". The user's
 * own token from a variable, a stock pair against localhost, and a pair that is not a default pass. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const USERS = new Set([
  "admin",
  "administrator",
  "root",
  "user",
  "guest",
  "support",
  "ubnt",
  "pi",
  "test",
  "tomcat",
  "manager",
  "cisco",
  "service",
  "supervisor",
  "sa",
  "postgres",
  "oracle",
  "default",
  "operator",
  "admin1",
  "666666",
  "888888",
  "tech",
  "vagrant",
  "elastic",
  "sysadmin",
  "superuser",
  "webadmin",
  "mother",
]);
const PASSWORDS = new Set([
  "admin",
  "root",
  "password",
  "passw0rd",
  "1234",
  "12345",
  "123456",
  "1234567",
  "12345678",
  "123456789",
  "toor",
  "default",
  "guest",
  "user",
  "ubnt",
  "raspberry",
  "changeme",
  "xc3511",
  "vizxv",
  "888888",
  "666666",
  "54321",
  "7ujmko0admin",
  "system",
  "support",
  "service",
  "tomcat",
  "cisco",
  "manager",
  "letmein",
  "pass",
  "admin123",
  "admin1234",
  "password1",
  "smcadmin",
  "ikwb",
  "dreambox",
  "juantech",
  "realtek",
  "00000000",
  "1111",
  "111111",
  "0000",
  "vagrant",
  "fucker",
  "klv123",
  "zlxx.",
  "hi3518",
  "jvbzd",
  "anko",
  "7ujmko0vizxv",
  "meinsm",
]);

function isDefault(user: string, password: string): boolean {
  const name = user.toLowerCase();
  return USERS.has(name) && PASSWORDS.has(password.toLowerCase());
}

/** This machine or a name only a local network or container network resolves without dots. */
function localHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, "");
  // A host from a variable (`http://$h/`, a loop over a list) is anyone's.
  if (/[$%{]/.test(bare)) return false;
  return bare === "localhost" || bare.endsWith(".localhost") || /^127\./.test(bare) || bare === "::1" ||
    bare === "0.0.0.0" || !bare.includes(".") && !bare.includes(":");
}

const URL_HOST = /^[a-z][\w+.-]*:\/\/(?:([^:@\/\s]+):([^@\/\s]*)@)?(\[[^\]]+\]|[^\/:?#\s]+)/i;
const USER_AT_HOST = /^([\w.-]+)@(\[[^\]]+\]|[\w.-]+)$/;

/** A flag's value: `-u x`, `-ux`, `--user=x`, `--user x`. */
function option(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index];
    for (const name of names) {
      if (word === name) return argv[index + 1];
      if (name.startsWith("--") && word.startsWith(`${name}=`)) return word.slice(name.length + 1);
      if (!name.startsWith("--") && word.startsWith(name) && word.length > name.length) {
        return word.slice(name.length);
      }
    }
  }
  return undefined;
}

const LOGIN_PROGRAMS = new Set([
  "curl",
  "http",
  "https",
  "xh",
  "wget",
  "sshpass",
  "mysql",
  "mariadb",
  "smbclient",
  "rpcclient",
]);

/** The default pair a segment logs in with and the host it names, if both. */
function segmentLogin(segment: Segment): [string, string] | undefined {
  // Only the login programs below, or a URL's `user:password@`, name a pair.
  if (
    !LOGIN_PROGRAMS.has(segment.program) && !segment.text.includes("@") && !segment.text.includes("Basic ")
  ) {
    return undefined;
  }
  const argv = segment.argv;
  let hosts: string[] = [];
  let pair: [string, string] | undefined;
  for (const word of argv.slice(1, 64)) {
    const url = URL_HOST.exec(word);
    if (url) {
      hosts.push(url[3]);
      if (url[1] !== undefined && isDefault(url[1], url[2])) pair = [url[1], url[2]];
    }
    const at = USER_AT_HOST.exec(word);
    if (at) hosts.push(at[2]);
  }
  const program = segment.program;
  if (program === "curl" || program === "http" || program === "https" || program === "xh") {
    const given = option(argv, program === "curl" ? ["--user", "-u"] : ["--auth", "-a"]);
    const colon = given?.indexOf(":") ?? -1;
    if (given && colon > 0 && isDefault(given.slice(0, colon), given.slice(colon + 1))) {
      pair = [given.slice(0, colon), given.slice(colon + 1)];
    }
  } else if (program === "wget") {
    const user = option(argv, ["--user", "--http-user", "--ftp-user"]);
    const password = option(argv, ["--password", "--http-password", "--ftp-password"]);
    if (user && password !== undefined && isDefault(user, password)) pair = [user, password];
  } else if (program === "sshpass") {
    const password = option(argv, ["-p"]);
    const at = argv.map((word) => USER_AT_HOST.exec(word)).find(Boolean);
    const user = at?.[1] ?? option(argv, ["-l"]) ?? "root";
    if (password !== undefined && isDefault(user, password)) pair = [user, password];
  } else if (program === "smbclient" || program === "rpcclient") {
    // `-U user%password` against `//host/share` or a host argument.
    const given = option(argv, ["--user", "-U"]);
    const cut = given?.indexOf("%") ?? -1;
    if (given && cut > 0 && isDefault(given.slice(0, cut), given.slice(cut + 1))) {
      pair = [given.slice(0, cut), given.slice(cut + 1)];
    }
    hosts = [
      ...hosts,
      ...argv.slice(1).filter((word) => word.startsWith("//")).map((word) => word.split("/")[2]),
    ];
  } else if (program === "mysql" || program === "mariadb") {
    const user = option(argv, ["--user", "-u"]);
    const password = option(argv, ["--password", "-p"]);
    const host = option(argv, ["--host", "-h"]);
    if (host) hosts = [...hosts, host];
    if (user && password !== undefined && isDefault(user, password)) pair = [user, password];
  }
  pair ??= basicPair(segment.text);
  if (pair === undefined || hosts.length === 0 || hosts.every(localHost)) return undefined;
  return pair;
}

/** A default pair sent as an `Authorization: Basic ...` header (`YWRtaW46YWRtaW4=` is admin:admin). */
function basicPair(text: string): [string, string] | undefined {
  const encoded = /\bBasic\s+([A-Za-z0-9+\/]{6,64}={0,2})/.exec(text)?.[1];
  if (encoded === undefined) return undefined;
  let decoded: string;
  try {
    decoded = atob(encoded);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  return colon > 0 && isDefault(decoded.slice(0, colon), decoded.slice(colon + 1))
    ? [decoded.slice(0, colon), decoded.slice(colon + 1)]
    : undefined;
}

/** A non-command tool's credentials: an `auth` object or pair, or `username`/`password` beside a URL or host. */
function payloadLogin(payload: Record<string, unknown>): [string, string] | undefined {
  const place = ["url", "endpoint", "host", "hostname", "uri", "target", "base_url"]
    .map((key) => payload[key]).find((value): value is string => typeof value === "string");
  if (place === undefined) return undefined;
  const host = URL_HOST.exec(place)?.[3] ?? place.split(/[\/:]/)[0];
  if (localHost(host)) return undefined;
  const headers = payload.headers;
  if (headers !== null && typeof headers === "object" && !Array.isArray(headers)) {
    const value = Object.entries(headers as Record<string, unknown>)
      .find(([key]) => key.toLowerCase() === "authorization")?.[1];
    const basic = typeof value === "string" ? basicPair(value) : undefined;
    if (basic) return basic;
  }
  const auth = payload.auth ?? payload.basic_auth ?? payload.credentials ?? payload;
  let user: unknown;
  let password: unknown;
  if (Array.isArray(auth)) [user, password] = auth;
  else if (auth !== null && typeof auth === "object") {
    const fields = auth as Record<string, unknown>;
    user = fields.username ?? fields.user ?? fields.login;
    password = fields.password ?? fields.pass;
  }
  if (typeof user !== "string" || typeof password !== "string" || !isDefault(user, password)) {
    return undefined;
  }
  return [user, password];
}

export function judgeDefaultLogins(
  tool: string,
  segments: readonly Segment[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  let pair: [string, string] | undefined;
  for (const segment of segments.slice(0, 32)) pair ??= segmentLogin(segment);
  if (segments.length === 0) pair = payloadLogin(payload);
  if (pair === undefined) return;
  findings.escalate(
    "access",
    `"${tool}" signs in to another host with a vendor default login ("${pair[0]}:${pair[1]}")`,
  );
}
