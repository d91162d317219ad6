/** Changes that widen who may see or act on the user's things, judged by effect whatever the tool is called: a
 * resource shared with another account or with everyone through nested arguments (`user-ids`, `values-to-add: all`),
 * an outsider given edit rights on an event, account-wide defaults that open every future item (public visibility,
 * invitations auto-accepted), and links on outside hosts put where others will open them (signatures, meeting links). */

import type { Findings } from "./findings.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { ToolWords } from "./tool_words.ts";
import { BRAND_DOMAINS, isContact } from "./messaging.ts";
import { readHost } from "./hosts.ts";
import { matchesOf } from "../match_all.ts";

/** Keys naming who else gets a resource: another account, a principal, a value added to an access list. */
const GRANTEE_KEY =
  /^(?:user[-_]?ids|account[-_]?ids|accounts?[-_]?to[-_]?add|values?[-_]?to[-_]?add|add[-_]?(?:users?|accounts?|principals?|members?|groups?)|principals?|grantees?|shared[-_]?with|share[-_]?with|launch[-_]?permissions?|create[-_]?volume[-_]?permissions?)$/i;
const EVERYONE = /^(?:all|\*|everyone|anyone|public|allusers|allauthenticatedusers|group:all)$/i;
/** Keys that let invited people change an item, and keys adding people to it. */
const EDIT_RIGHTS_KEY =
  /^(?:guests?[-_]?can[-_]?(?:modify|edit)|can[-_]?edit|attendees?[-_]?can[-_]?(?:modify|edit))$/i;
const ADDED_PEOPLE_KEY =
  /^(?:(?:add|new|extra|invite)[-_]?(?:attendees?|guests?|participants?|members?|invitees?|collaborators?)|attendees?|guests?|participants?|invitees?)$/i;
/** Account-wide defaults: every future item public, every invitation accepted without the user. */
const DEFAULT_VISIBILITY_KEY =
  /^(?:default[-_]?(?:visibility|sharing|access|privacy)|[a-z_]*[-_]visibility)$/i;
const PUBLIC_VISIBILITY =
  /^(?:public|anyone|everyone|open|world)(?:[-_ ]?(?:read|link|access))?$|^anyone[-_ ]?with[-_ ]?(?:the[-_ ]?)?link$/i;
const AUTO_ACCEPT_KEY = /^auto[-_]?(?:accept|add|approve|admit)[-_a-z]*$/i;
/** Fields copied into every message sent (signatures, footers) or opened by everyone invited (meeting links). */
const CARRIED_LINK_KEY =
  /^(?:signature|footer|email[-_]?signature|html[-_]?signature|(?:new[-_]?)?location|(?:meeting|conference|join|video|call)[-_]?(?:url|link)|hangout[-_]?link|conference[-_]?data)$/i;
const LINK = /\bhttps?:\/\/([a-z0-9.-]+)/gi;

function valuesOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, 32) : [value];
}

/** Grantees of nested arguments (bounded depth), as "everyone", "another account" or undefined. */
function grantedTo(payload: Record<string, unknown>, depth = 0): string | undefined {
  if (depth > 3) return undefined;
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (GRANTEE_KEY.test(key)) {
      const items = valuesOf(value).filter((item) => item !== "" && item !== null && item !== undefined);
      if (items.some((item) => typeof item === "string" && EVERYONE.test(item.trim()))) return "everyone";
      if (items.length > 0) return "another account";
    }
    for (const item of valuesOf(value)) {
      if (!item || typeof item !== "object" || Array.isArray(item)) continue;
      const inner = grantedTo(item as Record<string, unknown>, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

function addedOutsiders(payload: Record<string, unknown>, environment: ShieldEnvironment): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (!ADDED_PEOPLE_KEY.test(key)) continue;
    for (const item of valuesOf(value)) {
      // `attendees: [{email: "..."}]`: the address is one level in.
      const address = typeof item === "string"
        ? item
        : item && typeof item === "object"
        ? Object.values(item).find((inner) => typeof inner === "string" && inner.includes("@"))
        : undefined;
      if (typeof address === "string" && address.includes("@") && !isContact(address, environment)) {
        found.push(address);
      }
    }
  }
  return found;
}

/** Hosts of links in fields others will open, outside the allowed domains. */
function carriedOutsideLinks(payload: Record<string, unknown>, environment: ShieldEnvironment): string[] {
  const hosts: string[] = [];
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (!CARRIED_LINK_KEY.test(key) || typeof value !== "string" || !value.includes("://")) continue;
    for (const match of matchesOf(LINK, value.slice(0, 4096))) {
      const host = readHost(match[0], environment);
      const name = match[1].toLowerCase().replace(/\.+$/, "");
      // The conferencing and document services people use by name (zoom.us, meet.google.com) are not outsiders.
      if (host && !host.allowed && !host.loopback && !BRAND_DOMAINS.test(name)) hosts.push(name);
    }
  }
  return hosts;
}

export function judgeWideningChanges(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const verbs = words.verbs;
  const changes = verbs.has("write") || verbs.has("grant") || verbs.has("send");
  if (!changes) return;
  const granted = grantedTo(payload);
  if (granted) findings.escalate("access", `"${tool}" shares a resource with ${granted}`);
  const editable = Object.entries(payload).some(([key, value]) =>
    EDIT_RIGHTS_KEY.test(key) && value === true
  );
  const outsiders = addedOutsiders(payload, environment);
  if (editable && outsiders.length > 0) {
    findings.escalate("access", `"${tool}" lets "${outsiders[0]}" change an item`);
  }
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (
      DEFAULT_VISIBILITY_KEY.test(key) && typeof value === "string" && PUBLIC_VISIBILITY.test(value.trim())
    ) {
      findings.escalate("access", `"${tool}" makes every future item public ("${key}")`);
    }
    if (AUTO_ACCEPT_KEY.test(key) && value === true) {
      findings.escalate("access", `"${tool}" accepts what others send without the user ("${key}")`);
    }
  }
  const hosts = carriedOutsideLinks(payload, environment);
  if (hosts.length > 0) {
    findings.escalate("message", `"${tool}" puts a link to "${hosts[0]}" where others will open it`);
  }
}

const LOGIN_KEY = /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com) AAAA/;
const LOGIN_KEY_OPTION =
  /^(?:ssh[-_]?keys?(?:[-_]value)?|ssh[-_]public[-_]key(?:[-_]body)?|public[-_]key|authorized[-_]keys?)$/i;

/** A cloud CLI's options sharing a resource (`--values-to-add all`, `--user-ids 1234...`, `--member=allUsers`) or
 * planting a login key (`add-metadata --metadata=ssh-keys='root:ssh-ed25519 AAAA...'`). */
export function judgeCliGrants(argv: readonly string[], text: string, findings: Findings): void {
  for (let index = 1; index < argv.length && index < 64; index++) {
    const arg = argv[index];
    if (LOGIN_KEY.test(arg) || /(?:^|=)ssh-?keys=/i.test(arg)) {
      findings.escalate("access", `"${text}" adds a login key to machines in the cloud`);
      return;
    }
    if (!arg.startsWith("--")) continue;
    const equals = arg.indexOf("=");
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (LOGIN_KEY_OPTION.test(name)) {
      findings.escalate("access", `"${text}" adds a login key to machines in the cloud`);
      return;
    }
    if (!GRANTEE_KEY.test(name) && !/^members?$/i.test(name)) continue;
    const value = equals < 0 ? argv[index + 1] ?? "" : arg.slice(equals + 1);
    if (value === "" || value.startsWith("--")) continue;
    const everyone = value.split(/[,\s]+/).some((part) =>
      EVERYONE.test(part.replace(/^(?:group|user)[:=]/i, ""))
    );
    findings.escalate(
      "access",
      `"${text}" shares a resource with ${everyone ? "everyone" : "another account"}`,
    );
    return;
  }
}
