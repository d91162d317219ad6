/** `echo`/`printf` of a secret variable that reaches no one (round 37, issue 12): the value piped ONLY into the
 * stdin login of a named registry or forge (`echo "$GITHUB_TOKEN" | gh auth login --with-token --hostname
 * github.corp.example`, `echo "$PW" | docker login registry.corp.example --password-stdin`), or the reference
 * written unexpanded (single-quoted: the text `${NPM_TOKEN}`, not its value) into a settings file of the workspace
 * (`echo '//npm.pkg.github.com/:_authToken=${NPM_TOKEN}' >> .npmrc`), or only tested for being set (`echo
 * "token set: ${GITHUB_TOKEN:+yes}"`). The value shown on the terminal, teed to a
 * file, piped to `nc`, sent by another command of the line, or expanded into a file still counts, and so does a
 * login to a bare IP, a tunnel or paste host, or a host wearing a brand's domain. */

import type { Segment } from "../shell_parser.ts";
import { SECRET_VARIABLE as SECRET_NAME } from "../shell_params.ts";
import { disguisedBrand } from "./host_disguises.ts";
import { suspiciousHost } from "./hosts.ts";
import { STDIN_LOGIN } from "./secret_logins.ts";

const REFERENCE = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)/;
/** `${NAME:+word}` / `${NAME+word}`: gives `word` when the variable is set, never its value (its word is scanned). */
const SET_TEST = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?\+/;
/** Settings and data files a reference may be written into (never scripts or code: those would expand it). */
const SETTINGS_FILE =
  /^(?:[\w.-]+\/)*(?:\.npmrc|\.yarnrc(?:\.yml)?|\.pypirc|pip\.conf|\.netrc|\.env(?:\.[\w-]+)?|settings\.xml|gradle\.properties|[\w.-]+\.(?:toml|ya?ml|json|ini|cfg|conf|properties|env))$/i;
/** Options of the logins that name the host the secret goes to. */
const HOST_OPTIONS = new Set(["--registry", "--hostname", "-h", "--server", "--address"]);
const SHELL_WRAPPER = /^(?:ba|z|da|k|)sh -[a-z]*c /;
const DNS_NAME = /^(?:https?:\/\/)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})\.?(?::\d+)?\/?$/i;

/** Names of secret variables the raw command expands (outside single quotes, not escaped). */
export function expandedSecretNames(command: string): Set<string> {
  const names = new Set<string>();
  let quote: "'" | '"' | "" = "";
  for (let i = 0; i < command.length; i++) {
    const char = command[i];
    if (quote === "'") {
      if (char === "'") quote = "";
      continue;
    }
    if (char === "\\") {
      i++;
      continue;
    }
    if (char === "'" && quote === "") quote = "'";
    else if (char === '"') quote = quote === '"' ? "" : '"';
    else if (char === "$") {
      const ahead = command.slice(i, i + 128);
      const match = REFERENCE.exec(ahead);
      if (match && !SET_TEST.test(ahead) && SECRET_NAME.test(match[1].toLowerCase())) {
        names.add(match[1].toLowerCase());
      } else if (ahead.startsWith("${!")) names.add("!"); // `${!ref}` expands whichever variable `ref` names
    }
  }
  return names;
}

/** Whether a login's named hosts are all DNS names of an ordinary kind (no IP, tunnel, paste host or disguise). */
function namedHostsOrdinary(login: Segment): boolean {
  const args = login.argv.slice(1);
  const named = args.flatMap((arg, index) => {
    const equals = /^(--[a-z]+)=(.*)$/.exec(arg);
    if (equals && HOST_OPTIONS.has(equals[1])) return [equals[2]];
    if (HOST_OPTIONS.has(arg)) return [args[index + 1] ?? ""];
    return !arg.startsWith("-") && /[.:]/.test(arg) && !arg.includes("/") ? [arg] : [];
  });
  return named.every((value) => {
    const host = DNS_NAME.exec(value)?.[1]?.toLowerCase();
    return host !== undefined && !suspiciousHost(host) && disguisedBrand(host) === undefined;
  });
}

/** A segment's secret names as written in its text (after quote removal). */
function namesIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (SECRET_NAME.test(match[1].toLowerCase())) found.push(match[1].toLowerCase());
  }
  return found;
}

function feedsNamedLogin(segments: readonly Segment[], index: number): boolean {
  const segment = segments[index];
  const login = segments[index + 1];
  if (segment.redirects.length > 0 || !login || login.joinedBy !== "|") return false;
  if (login.depth !== segment.depth || !STDIN_LOGIN.test(login.text.toLowerCase())) return false;
  if (!namedHostsOrdinary(login)) return false;
  // The value goes nowhere else: no other segment of the line names the variable (a `bash -c` wrapper's own
  // segments are judged themselves).
  const names = namesIn(segment.text);
  return segments.every((other, at) =>
    at === index || at === index + 1 || SHELL_WRAPPER.test(other.text) ||
    !namesIn(other.text).some((name) => names.includes(name))
  );
}

function writesReferenceOnly(segments: readonly Segment[], index: number): boolean {
  const segment = segments[index];
  if (segments[index + 1]?.joinedBy === "|") return false;
  return segment.redirects.every((redirect) =>
    /^>>?$/.test(redirect.op) && SETTINGS_FILE.test(redirect.target) && !redirect.target.includes("..")
  );
}

/** Whether every segment `matches` picks out (an `echo`/`printf` of a secret variable) only feeds a named login or
 * writes an unexpanded reference into a workspace settings file. `command` is the raw shell text. */
export function secretEchoReachesNoOne(
  command: string,
  segments: readonly Segment[],
  matches: (segment: Segment) => boolean,
): boolean {
  let expanded: Set<string> | undefined;
  let matched = false;
  for (let index = 0; index < segments.length; index++) {
    if (!matches(segments[index])) continue;
    matched = true;
    if (!/^(?:echo|printf)$/.test(segments[index].program)) return false;
    if (feedsNamedLogin(segments, index)) continue;
    // Quotes are read on the raw text, which only says what the top level expands.
    if (segments.some((segment) => segment.depth > 0)) return false;
    expanded ??= expandedSecretNames(command);
    if (expanded.size > 0 || !writesReferenceOnly(segments, index)) return false;
  }
  return matched;
}
