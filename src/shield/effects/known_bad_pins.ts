/** Round 65: a release or action commit known to be malicious, named wherever a version is written -- not only on an
 * installer's command line (`compromised_releases.ts`) but in a lockfile (`"node_modules/chalk": {"version":
 * "5.6.1"`, yarn's `version "5.6.1"`, a registry tarball `chalk/-/chalk-5.6.1.tgz`), a Dockerfile's `RUN`, a
 * Gemfile (`gem 'rest-client', '1.6.13'`), a pyproject array (`"ultralytics==8.3.41"`), `npm pkg set
 * dependencies.debug=4.4.2`, a `jq '.dependencies.debug = "4.4.2"'` edit, `poetry add ultralytics@8.3.41`, `apt-get
 * install xz-utils=5.6.1-1`, a workflow's `uses: tj-actions/changed-files@<the malicious commit>` (in a patch's added
 * lines), and any tool whose arguments give a listed name and one of its bad versions (`chalk_update {package:
 * "chalk", version: "5.6.1"}`, `bump {name: "debug", to: "4.4.2"}`). Each BLOCKS: the version itself is the malware
 * (the ledger with its sources is `INCIDENTS` in data/compromised_releases.ts), and no review makes it safe.
 *
 * What passes: the fixed releases (chalk 5.6.2, debug 4.4.3), an action pinned to another commit or tag, and prose
 * that quotes the bad version (a changelog's "5.6.1 was the compromised release", a Markdown advisory): the name and
 * version must be joined the way a manifest, lockfile or installer joins them, and documents are not read. A patch's
 * removed lines are not read either (a fix that drops the bad pin passes).
 *
 * Cost: one regex of the listed versions per text; the name before a version is only looked for at a hit. */

import type { ActionView } from "../action_view.ts";
import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { INCIDENTS } from "./data/compromised_releases.ts";
import { matchesOf } from "../match_all.ts";

/** Listed name (lower case) -> its bad versions. Names listed only as `*` are the install checks' business. */
const RELEASES = new Map<string, Set<string>>();
for (const incident of INCIDENTS) {
  for (const entry of incident.releases.split("|")) {
    const [name, ...versions] = entry.trim().split(/\s+/);
    const listed = versions.filter((version) => version !== "*");
    if (!name || listed.length === 0) continue;
    const set = RELEASES.get(name.toLowerCase()) ?? new Set<string>();
    for (const version of listed) set.add(version.toLowerCase());
    RELEASES.set(name.toLowerCase(), set);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const ALL_VERSIONS = [...new Set([...RELEASES.values()].flatMap((set) => [...set]))]
  .sort((a, b) => b.length - a.length);
/** A listed version standing alone (`15.6.1` and `5.6.10` are not `5.6.1`; `5.6.1-1`, Debian's revision, is). */
const VERSION_HIT = new RegExp(`(?<![\\w.])(?:${ALL_VERSIONS.map(escape).join("|")})(?![\\w]|\\.\\d)`, "gi");

/** The ways manifests, lockfiles and installers join a name to its version, ending where the version starts. */
const JOINS = [
  String.raw`@[~^=v]*`, // npm, pnpm, bun, poetry, cargo, go, pnpm-lock keys, workflow `uses:`
  String.raw`[ \t]*===?[ \t]*v?`, // pip, uv, requirements, pyproject arrays
  String.raw`["']?[ \t]*:[ \t]*["']?[~^=v]*`, // package.json, YAML, `gem install name:version`
  String.raw`["']?[ \t]*=[ \t]*["']?[~^=v]*`, // TOML, apt `name=version`, `npm pkg set`, jq
  String.raw`["']?[ \t]*=[ \t]*\{[^}\n]*\bversion[ \t]*=[ \t]*["'][~^=]?`, // Cargo.toml inline tables
  String.raw`["'][ \t]*,[ \t]*["'][~^= \t]*`, // Gemfile `gem 'name', '1.6.13'`
  String.raw`["']?[ \t]*:[ \t]*\{\s*["']?version["']?[ \t]*:[ \t]*["']?`, // package-lock, pnpm-lock
  String.raw`@[^\s:]*["']?:[ \t]*\r?\n[ \t]+version:?[ \t]+["']?`, // yarn.lock
  String.raw`["'][ \t]*\r?\n[ \t]*version[ \t]*=[ \t]*["']`, // poetry.lock, Cargo.lock
  String.raw`\/-\/[\w.-]+-`, // registry tarballs `chalk/-/chalk-5.6.1.tgz`
].join("|");
/** The name before a version hit: npm scopes, Go module paths and `node_modules/` or `dependencies.` prefixes kept
 * whole here and peeled in `candidates`. */
const NAME_BEFORE = new RegExp(`(@?[\\w.-]+(?:\\/[@\\w.-]+)*)(?:\\[[^\\]\\n]*\\])?(?:${JOINS})$`);

function candidates(written: string): string[] {
  const name = written.toLowerCase().replace(/^[./]+/, "");
  const out = [name];
  const peeled = name.replace(/^.*node_modules\//, "").replace(
    /^.*\b(?:dependencies|overrides|resolutions)\./,
    "",
  );
  out.push(peeled);
  const parts = peeled.split("/");
  if (parts.length > 1) out.push(parts.slice(-2).join("/"), parts[parts.length - 1]);
  return out;
}

/** Listed version -> the last word of each name that lists it (`tinycolor` for `@ctrl/tinycolor`): a hit's window
 * is read by NAME_BEFORE only when it holds one (a lockfile's many `1.0.0` cost a substring test each). */
const VERSION_NAMES = new Map<string, string[]>();
for (const [name, versions] of RELEASES) {
  for (const version of versions) {
    VERSION_NAMES.set(version, [
      ...(VERSION_NAMES.get(version) ?? []),
      name.slice(name.lastIndexOf("/") + 1),
    ]);
  }
}

/** Whether every listed version holds a digit (so a text without one pins none: speed round 32, most command
 * segments -- `git status`, `ls -la` -- hold none). */
const VERSIONS_HAVE_DIGITS = ALL_VERSIONS.every((version) => /[0-9]/.test(version));

/** A native pre-test for VERSION_HIT (speed round 35): a listed version with a dotted pair of digits (`5.6.1`,
 * `1.4.44-liberty-2`) leaves one in any text that holds it, and the others (action commits) are asked for literally,
 * so a text that fails this cannot hold a hit. Most command lines with a digit (`python3 x.py`, `head -20`) fail it,
 * and skip the 91-version regex with its look-behind tried at every character. Made from the list at load: a
 * version listed without a dotted pair joins the literal part. */
const UNDOTTED = ALL_VERSIONS.filter((version) => !/\d\.\d/.test(version));
export const VERSION_SIGN = new RegExp(["\\d\\.\\d", ...UNDOTTED.map(escape)].join("|"), "i");

/** The listed release a text pins, as `name@version`. */
export function knownBadPinIn(text: string): string | undefined {
  if (VERSIONS_HAVE_DIGITS && !/[0-9]/.test(text)) return undefined;
  if (!VERSION_SIGN.test(text)) return undefined;
  return pinnedIn(text);
}

/** `knownBadPinIn` without its pre-tests (tests compare the two). */
export function pinnedIn(text: string): string | undefined {
  if (text.length > 512 * 1024) text = text.slice(0, 512 * 1024);
  VERSION_HIT.lastIndex = 0;
  for (const hit of matchesOf(VERSION_HIT, text)) {
    const version = hit[0].toLowerCase();
    const window = text.slice(Math.max(0, hit.index - 160), hit.index);
    const lower = window.toLowerCase();
    if (!VERSION_NAMES.get(version)?.some((name) => lower.includes(name))) continue;
    const before = NAME_BEFORE.exec(window);
    if (!before) continue;
    const name = candidates(before[1]).find((each) => RELEASES.get(each)?.has(version));
    if (name) return `${name}@${hit[0]}`;
  }
  return undefined;
}

/** Documents that may quote a bad version (release notes, advisories): not read. */
const PROSE_FILE =
  /\.(?:md|markdown|mdx|rst|adoc|txt|html?)$|(?:^|\/)(?:CHANGELOG|CHANGES|HISTORY|NEWS)[^/]*$/i;
const PIN_LIST_FILE = /requirements[\w.-]*\.(?:txt|in)$|constraints[\w.-]*\.txt$/i;
/** A unified diff's or apply_patch's removed lines. */
const REMOVED_LINES = /^-(?!--).*$/gm;

/** Argument keys under which a tool is given a package's name, and its version. */
const NAME_KEYS =
  /^(?:[a-z]+_?)?(?:package|pkg|dependency|dep|module|library|lib|crate|gem|action|repo)(?:_?name|_?id)?s?$|^name$/i;
const VERSION_KEYS =
  /^(?:[a-z]+_?)?(?:version|ver|release|tag|ref|sha|commit|pin)$|^(?:to|target)(?:_?version)?$|^version_?spec$/i;

/** Keys whose value is a whole specifier (`spec: "chalk@5.6.1"`, `requirement: "ctx==0.2.6"`); a message's text is
 * not read (it may warn about the release). */
const SPEC_KEYS = /spec|requirement|packages|dependencies|deps|install|uses|image/i;

function argumentsPin(payload: Record<string, unknown>): string | undefined {
  const entries = Object.entries(payload).slice(0, 32);
  const names: string[] = [];
  const versions: string[] = [];
  for (const [key, value] of entries) {
    if (typeof value !== "string" || value.length > 200) continue;
    if (NAME_KEYS.test(key)) names.push(value.trim().toLowerCase());
    else if (VERSION_KEYS.test(key)) versions.push(value.trim().replace(/^[~^=v]+/i, "").toLowerCase());
    else if (SPEC_KEYS.test(key)) {
      const pin = knownBadPinIn(value);
      if (pin) return pin;
    }
  }
  for (const name of names) {
    const pin = knownBadPinIn(name);
    if (pin) return pin;
    const bad = RELEASES.get(name);
    const version = bad && versions.find((each) => bad.has(each));
    if (version) return `${name}@${version}`;
  }
  return undefined;
}

const LOOKERS =
  /^(?:grep|egrep|fgrep|rg|ag|ack|git|find|cat|less|more|head|tail|jq|yq|wc|sort|uniq|awk|diff|ls)$/;
const LOOKING_SUBCOMMANDS =
  /^(?:ls|list|ll|la|view|info|show|why|explain|audit|outdated|search|query|owner|dist-tags|deprecate|unpublish|yank|download)$/;

/** A segment that only looks at packages or files (also used by `compromised_releases.ts`, round 65). */
export function looksOnly(segment: Segment): boolean {
  if (LOOKERS.test(segment.program)) {
    // `jq` and `awk` also rewrite files (`jq ... > tmp && mv`, `awk -i inplace`): they only look when nothing is written.
    return segment.redirects.length === 0 || !/^(?:jq|yq|awk|cat)$/.test(segment.program);
  }
  const sub = segment.argv.slice(1).find((arg) => !arg.startsWith("-"));
  return sub !== undefined && LOOKING_SUBCOMMANDS.test(sub) &&
    /^(?:npm|pnpm|yarn|bun|pip[0-9.]*|uv|poetry|cargo|gem|go|apt|apt-get|apt-cache|dnf|yum|brew|gh)$/.test(
      segment.program,
    );
}

export function judgeKnownBadPins(view: ActionView, findings: Findings): void {
  // A command's segments, but not those that only look (`grep -rn chalk@5.6.1 .`, `npm ls debug@4.4.2`: checking
  // whether a project is hit is the opposite of pinning).
  const texts: string[] = view.segments.filter((segment) => !looksOnly(segment)).map((segment) =>
    segment.text
  );
  texts.push(...(view.texts.get("code") ?? []));
  const paths = view.writePaths.map((path) => path.absolute);
  const prose = paths.length > 0 && paths.every((path) => PROSE_FILE.test(path) && !PIN_LIST_FILE.test(path));
  if (!prose) {
    for (const content of view.texts.get("content") ?? []) {
      texts.push(
        content.includes("\n-") || content.startsWith("-") ? content.replace(REMOVED_LINES, "") : content,
      );
    }
  }
  for (const text of texts.slice(0, 64)) {
    const pin = knownBadPinIn(text);
    if (pin) {
      findings.block("install", `pins "${pin}", a release or commit known to be malicious`);
      return;
    }
  }
  if (view.writePaths.length === 0 && view.type !== "execute_command") {
    const pin = argumentsPin(view.calledPayload);
    if (pin) {
      findings.block(
        "install",
        `"${view.tool}" asks for "${pin}", a release or commit known to be malicious`,
      );
    }
  }
}
