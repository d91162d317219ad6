/** Something private made open to anyone (round 68): a sharing, ACL or room setting whose audience is anyone --
 * `type: anyone` (Drive), `scope: anonymous` (OneDrive), `audience: public` (Dropbox), `access: open` (Box),
 * `general_access: anyone_with_the_link`, `scope.type: default` (Google Calendar's public scope), `join_rule:
 * public`, `history_visibility: world_readable`, `guest_access: can_join` (Matrix), `Principal: "*"` (an S3 policy),
 * `allUsers` (GCS), `subject.type: anonymous` (Confluence) -- or a switch that publishes (`publicSource`,
 * `shareToWeb`, `allowAnonymous...`, `-PublishEnabled $true` on a calendar folder, `--visibility public`), and
 * directory listings or anonymous logins turned on in a server's configuration (`Options +Indexes`, nginx `autoindex
 * on`, Caddy `file_server browse`, Grafana `[auth.anonymous] enabled = true`, mosquitto `allow_anonymous true`).
 * Exposure widened to anyone: ESCALATE; with a protection turned off in the same call (`passwordProtection: null`,
 * `ssoProtection: null`) or anonymous users given an administrator's or editor's role: BLOCK, as round 64's
 * protection settings. MITRE ATT&CK T1530, OWASP WSTG-CONF-04. What passes: reads of share settings (a read verb
 * first), new things created public (a repository or channel created, not an existing one opened: no access noun in
 * the tool's name), settings closed (`invite`, `private`, `autoindex off`, `Options -Indexes`), listings of folders
 * meant to be browsed (downloads, releases, mirrors, with no word of private things in the path or in the
 * `location`, `root`, `alias` or `<Directory>` lines before the listing). Sources: Google Drive permissions, Google
 * Calendar ACL scopes, Microsoft Graph createLink, Dropbox sharing, Box shared links, Matrix room state events,
 * Atlassian space permissions, Exchange `Set-MailboxCalendarFolder`, Apache `Options`, nginx autoindex, Grafana
 * anonymous authentication. */

import type { Findings } from "./findings.ts";
import { PURE_READ } from "./vocabulary.ts";

/** A literal gate over the arguments before they are walked. */
const ARG_GATE =
  /anyone|anybody|anonym|public|world|everyone|allusers|allauthenticated|guest|"open"|\\?"\*\\?"|"default"|discover|unauthenticated|protect|sso/i;
/** Keys that name who may reach something. */
const AUDIENCE_KEY =
  /^(?:type|scope|audience|access|access_?level|visibility|requested_?visibility|join_?rules?|history_?visibility|guest_?access|principal|aws|grantee|members?|entity|link_?scope|link_?type|link_?access|sharing|sharing_?(?:capability|level|scope|setting)|share_?type|who_?can_?(?:join|view|access|see)|subject|user|role_?scope|permission_?type|general_?access|link_?sharing|default_?(?:sharing_?)?link_?type|sharing_?link_?type|share_?(?:recording|setting|mode|scope|audience)s?|privacy(?:_?(?:status|level|setting))?)$/i;
/** Who "anyone" is in each vendor's words. */
const ANYONE =
  /^(?:anyone|anybody|anyone_?with_?(?:the_?)?link|anyonewithlink|anonymous|anonymous_?access|public|publicly|public_?link|world|world_?readable|everyone|all_?users|all_?authenticated_?users|can_?join|unauthenticated)$/i;
/** `open` is anyone only where the key says access (Box's `access: open`), `*` only for principals and members. */
const OPEN_KEY = /^(?:access|access_?level|link_?access|sharing|audience|visibility|link_?scope)$/i;
const STAR_KEY = /^(?:principal|aws|grantee|members?|entity|who_?can_?\w+)$/i;
/** Switches that publish when set on. */
const PUBLISH_KEY =
  /^(?:is_?public|make_?public|anyone_?can_?(?:view|read|join|access|edit|comment)|public_?source|public_?access|publish_?enabled|share_?to_?web|shared_?to_?web|web_?sharing|allow_?anonymous\w*|anonymous_?(?:access|enabled|read|browse)|allow_?file_?discovery|allow_?public_?\w*|allow_?unauthenticated\w*|world_?readable)$/i;
const ON_VALUE = /^(?:true|1|on|yes|enabled?)$/i;
/** Protections of a page, site or link, switched off by null, false, "", none or off. */
const PROTECTION_KEY =
  /protection|^sso|_sso|sso_|password_?protect|require_?(?:auth\w*|login|password|sign_?in|sso)|auth(?:entication)?_?required|login_?required|access_?control/i;
const OFF_VALUE = /^(?:false|0|off|no|none|disabled?|public|)$/i;
/** An access noun in the tool's name: creating one of these widens access to something that exists. */
const ACCESS_WORD =
  /^(?:permissions?|acls?|share|shared|sharing|link|links|invite|invites|invitation|access|members?|grant|rules?|policy|policies|visibility|state|settings?|project|site|folder|file|room|channel|calendar|space|bucket|container|repo|repository|convert\w*|publish\w*)$/i;
const CREATE_WORD = /^(?:create|new|add|insert|make|post|put|set|update|patch|modify|edit)$/i;

interface Reading {
  exposure?: string;
  protectionOff?: string;
}

function parsedString(value: string): unknown {
  const trimmed = value.trim();
  if (trimmed.length > 64 * 1024 || !/^[{[]/.test(trimmed)) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

function walk(
  value: unknown,
  key: string,
  parent: string,
  reading: Reading,
  budget: { nodes: number },
  depth: number,
) {
  if (budget.nodes-- <= 0 || depth > 6) return;
  if (typeof value === "string") {
    const parsed = parsedString(value);
    if (parsed !== value) return walk(parsed, key, parent, reading, budget, depth + 1);
    const text = value.trim();
    if (AUDIENCE_KEY.test(key)) {
      if (
        ANYONE.test(text) || (text === "open" && OPEN_KEY.test(key)) ||
        (text === "*" && STAR_KEY.test(key)) ||
        (text === "default" && /^type$/i.test(key) && /^scope$/i.test(parent))
      ) {
        reading.exposure ??= `${parent ? `${parent}.` : ""}${key}: ${text}`;
      }
    } else if (/^view$/i.test(key) && /^privacy$/i.test(parent) && ANYONE.test(text)) {
      // Round 77: Vimeo's `privacy: {view: "anybody"}`.
      reading.exposure ??= `${parent}.${key}: ${text}`;
    } else if (STAR_KEY.test(parent) && (text === "*" || ANYONE.test(text))) {
      reading.exposure ??= `${parent}: ${text}`;
    }
    if (PUBLISH_KEY.test(key) && ON_VALUE.test(text)) reading.exposure ??= `${key}: ${text}`;
    if (PROTECTION_KEY.test(key) && OFF_VALUE.test(text)) reading.protectionOff ??= `${key}: "${text}"`;
    return;
  }
  if (value === null || typeof value === "boolean" || typeof value === "number") {
    if (PUBLISH_KEY.test(key) && (value === true || value === 1)) reading.exposure ??= `${key}: ${value}`;
    if (PROTECTION_KEY.test(key) && (value === null || value === false || value === 0)) {
      reading.protectionOff ??= `${key}: ${value}`;
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 32)) walk(item, key, parent, reading, budget, depth + 1);
    return;
  }
  if (typeof value === "object") {
    for (const [inner, item] of Object.entries(value as Record<string, unknown>).slice(0, 64)) {
      walk(item, inner.replace(/[-\s]/g, "_"), key, reading, budget, depth + 1);
    }
  }
}

function toolWords(tool: string): string[] {
  return tool.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().split(/[^a-z0-9]+/).filter((word) =>
    word.length > 0 && word !== "mcp"
  );
}

/** A tool's arguments that open something to anyone or turn its protection off. */
export function judgePublicExposureArguments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const text = JSON.stringify(payload);
  if (text.length > 256 * 1024 || !ARG_GATE.test(text)) return;
  const words = toolWords(tool);
  const operation = ["operation_name", "operation", "action", "method"].map((key) => payload[key])
    .filter((value): value is string => typeof value === "string").flatMap(toolWords);
  const verbs = [...words, ...operation];
  if (verbs.some((word) => PURE_READ.has(word)) && !verbs.some((word) => CREATE_WORD.test(word))) return;
  // A new thing created public holds nothing yet: only a tool that names access or an existing place is read.
  // Round 77: an upload or insert is a new thing too (`youtube_videos_insert {status: {privacyStatus: "public"}}`).
  if (
    verbs.some((word) => /^(?:create|new|insert|upload)$/.test(word)) &&
    !verbs.some((word) => ACCESS_WORD.test(word))
  ) {
    return;
  }
  const reading: Reading = {};
  walk(payload, "", "", reading, { nodes: 400 }, 0);
  if (reading.exposure && reading.protectionOff) {
    findings.block(
      "access",
      `"${tool}" opens something to anyone (${reading.exposure.slice(0, 60)}) and turns its protection off (${
        reading.protectionOff.slice(0, 60)
      })`,
    );
  } else if (reading.exposure) {
    findings.escalate("access", `"${tool}" opens something to anyone (${reading.exposure.slice(0, 80)})`);
  } else if (reading.protectionOff) {
    findings.escalate("security", `"${tool}" turns off a protection (${reading.protectionOff.slice(0, 80)})`);
  }
}

/** A gate for command and configuration texts. */
export const EXPOSURE_TEXT_GATE = /publishenabled|--visibility|autoindex|indexes|anonymous|browse/i;
const PUBLISHES = /-PublishEnabled(?::|\s+)\$?true\b/i;
const VISIBILITY_PUBLIC = /--visibility(?:=|\s+)["']?public\b/i;
/** Directory listings: Apache `Options ... +Indexes` (not `-Indexes`), nginx `autoindex on;`, Caddy `browse`. */
const LISTING =
  /^[ \t]*Options[ \t]+(?:[^\n#]*?[ \t])?\+?Indexes\b|^[ \t]*autoindex[ \t]+on[ \t]*;|^[ \t]*file_server[ \t]+browse\b/im;
/** Anonymous logins switched on: a key naming anonymous users set on, or Grafana's `[auth.anonymous]` section. */
const ANONYMOUS_ON =
  /^[ \t]*["']?[\w.]*anonymous[\w.]*["']?[ \t]*(?:[:=][ \t]*|[ \t]+)["']?(?:true|on|yes|enabled?|1)\b|\[auth\.anonymous\][^[]{0,400}?^[ \t]*enabled[ \t]*=[ \t]*true\b/im;
const ANONYMOUS_ADMIN = /(?:org_role|anonymous_?role|role)[ \t]*[:=][ \t]*["']?(?:admin|editor|owner)\b/i;

/** Commands and written configuration that open something to anyone. */
/** Folders meant to be browsed (a release mirror, a downloads folder), and words that say a folder holds private
 * things, read in the written file's path and the lines that say which folder a listing serves. */
const PUBLISHED =
  /(?:^|[\/\s_-])(?:downloads?|releases?|dist|mirrors?|pub|packages|artifacts|isos?)(?:[\/\s_.;-]|$)/i;
const PRIVATE_PLACE =
  /uploads?|backups?|private|secrets?|internal|customers?|users?|payroll|(?:^|[\/\s_-])hr(?:[\/\s_-]|$)|scans?|exports?|dumps?|logs?|\.git|home|personal|invoices?|contracts?/i;

/** The lines before a listing that say which folder it serves (nginx `location`/`root`/`alias`, Apache
 * `<Directory>`/`<Location>`, Caddy `root`), the nearest three. */
const PLACE_LINE = /^[ \t]*(?:location|<Directory|<Location|alias|root|server_name)\b[^\n]*/gim;

function placeLines(text: string, before: number): string {
  const lines = [...text.slice(Math.max(0, before - 4096), before).matchAll(PLACE_LINE)].map((match) =>
    match[0]
  );
  return lines.slice(-3).join(" ");
}

function publishedFolder(place: string): boolean {
  return PUBLISHED.test(place) && !PRIVATE_PLACE.test(place);
}

export function judgePublicExposureTexts(
  tool: string,
  texts: readonly string[],
  paths: readonly string[],
  findings: Findings,
): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 256 * 1024 || !EXPOSURE_TEXT_GATE.test(text)) continue;
    if (PUBLISHES.test(text)) {
      findings.escalate("access", `"${tool}" publishes a calendar or folder to an anonymous address`);
      return;
    }
    if (VISIBILITY_PUBLIC.test(text)) {
      findings.escalate("access", `"${tool}" makes a repository or project public`);
      return;
    }
    const listing = LISTING.exec(text);
    if (
      listing &&
      !publishedFolder(`${paths.join(" ")} ${placeLines(text, listing.index)}`)
    ) {
      findings.escalate("access", `"${tool}" turns a directory listing on for anyone who reaches the server`);
      return;
    }
    if (ANONYMOUS_ON.test(text)) {
      if (ANONYMOUS_ADMIN.test(text)) {
        findings.block("access", `"${tool}" lets anonymous users in with an administrator's role`);
      } else {
        findings.escalate("access", `"${tool}" lets anonymous users in`);
      }
      return;
    }
  }
}

/** Whether a cloud command only closes public access: S3's public access block with no switch set false, or a
 * public-access option set off (`--public-access off`, `--allow-blob-public-access false`). */
export function closesPublicAccess(argv: readonly string[], all: string): boolean {
  if (!/public-access/i.test(all) || /allusers|allauthenticatedusers|--principal[= ]\*/i.test(all)) {
    return false;
  }
  if (/public-access-block/i.test(all)) return !/=\s*false\b/i.test(all);
  const value = (name: RegExp) => {
    const at = argv.findIndex((arg) => name.test(arg.split("=", 1)[0]));
    if (at < 0) return undefined;
    return argv[at].includes("=") ? argv[at].slice(argv[at].indexOf("=") + 1) : argv[at + 1];
  };
  const open = value(/^--public-access$/i);
  const allow = value(/^--allow-[\w-]*public-access$/i);
  return (open === undefined || /^(?:off|none|disabled?|private)$/i.test(open)) &&
    (allow === undefined || /^(?:false|no|0)$/i.test(allow)) && (open !== undefined || allow !== undefined);
}
