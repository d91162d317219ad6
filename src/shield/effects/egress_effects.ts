/** Effects that leave the machine: hosts talked to and whether data goes with the request, messages and their
 * recipients, attachments and blind copies, and credentials leaving in disguise. */

import { judgePremiumNumbers } from "./premium_numbers.ts";
import { cliMessage } from "./cli_messages.ts";
import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { HostReading } from "./hosts.ts";
import type { OpenWorldReading } from "./open_world.ts";
import type { ClassedPath } from "./local_effects.ts";
import { attachmentCount, judgeMessage } from "./messaging.ts";
import { everydayNote } from "./everyday_notes.ts";
import { plainPersonalNote } from "./social_notes.ts";
import { routineHandOff } from "./work_hand_offs.ts";
import { judgeLookalikeRecipients } from "./lookalike_recipients.ts";
import { sensitiveFindings } from "./sensitive_data.ts";
import { judgeOutboundSecrets } from "./outbound_secrets.ts";
import { judgeSenderRoles, senders } from "./sender_roles.ts";
import { judgeCommunication } from "./communication.ts";
import { payloadRecipients } from "./recipient_classes.ts";
import { shapedRecipients } from "./shaped_recipients.ts";
import { prose, SEARCH_HOSTS } from "./data_links.ts";

/** Query keys that hold a search term (`q`, `query`, Amazon's `k`, WordPress's `s`, `search`, `keywords`). */
const SEARCH_KEY =
  /^(?:q|query|k|s|search\w*|term|terms|keywords?|text|find|lookup|location|address|city|title)=/i;
const DATA_METHODS = /^(?:POST|PUT|PATCH|DELETE)$/;
const DATA_FLAGS =
  /^(?:-d|--data[\w-]*|-F|--form[\w-]*|-T|--upload-file|--post-data|--post-file|--body-data|--body-file|--json)(?:=|$)|^-X(?:POST|PUT|PATCH)$/;
const FIELD_WORDS = /password|passwd|card|cvv|cvc|ssn|pin\b|otp|secret|token/i;

const CREDENTIAL_HEADER =
  /^(?:proxy-)?authorization\s*:|^(?:x-)?[\w-]*(?:api-?key|token|auth|secret)[\w-]*\s*:|^cookie\s*:/i;
const VARIABLE = /\$\{?([A-Za-z_]\w*)/;

/** A credential from the environment in a request's headers or login (`-H "Authorization: Bearer $X"`, `-u
 * me:$X`, `--oauth2-bearer $X`) going to a host its name does not belong to (`$OPENAI_API_KEY` to openai.com is
 * the key's own service; `$NPM_TOKEN` or `$TOKEN` to any other host is a credential leaving). */
function sendsForeignCredential(argv: readonly string[], host: string): boolean {
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    let value: string | undefined;
    if (/^(?:-H|--header)$/.test(arg) && CREDENTIAL_HEADER.test(argv[i + 1] ?? "")) value = argv[i + 1];
    else if (/^(?:-u|--user|--oauth2-bearer)$/.test(arg)) value = argv[i + 1];
    else if (/^--header=/.test(arg) && CREDENTIAL_HEADER.test(arg.slice(9))) value = arg;
    const variable = value === undefined ? undefined : VARIABLE.exec(value)?.[1];
    if (!variable) continue;
    const owner = variable.toLowerCase().split("_")[0];
    if (owner.length < 3 || !host.replace(/[^a-z0-9]/g, "").includes(owner)) return true;
  }
  return false;
}

/** A sign-in's return address without a query of its own on a named host, under a return parameter's name, and
 * an app's id as a UUID under `client_id` (round 82): where a sign-in goes and who asks, not data carried. */
const RETURN_KEY =
  /^(?:continue|next|return_?to|return_?ur[il]|redirect_?ur[il]|redirect_?to|post_logout_redirect_uri)=/i;
const RETURN_ADDRESS = /^https?:\/\/(?![\d.]+(?::|\/|$))[a-z0-9.-]+(?::\d+)?(?:\/[\w./-]*)?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function returnOrClient(pair: string, value: string): boolean {
  return (RETURN_KEY.test(pair) && RETURN_ADDRESS.test(value)) ||
    (/^client_id=/i.test(pair) && UUID.test(value));
}

/** Whether the action sends data to the URL's host (bodies, uploads, query strings that carry data). */
function sendsData(view: ActionView, host: HostReading, openWorld: OpenWorldReading | undefined): boolean {
  const method = typeof view.payload.method === "string" ? view.payload.method.toUpperCase() : "GET";
  if ((view.type === "http_request" || view.type === "browser_navigate") && DATA_METHODS.test(method)) {
    return true;
  }
  if (view.segments.some((segment) => segment.argv.includes(host.url) || segment.text.includes(host.host))) {
    if (view.segments.some((segment) => segment.argv.some((arg) => DATA_FLAGS.test(arg)))) return true;
    if (view.segments.some((segment) => sendsForeignCredential(segment.argv, host.host))) return true;
  }
  if (openWorld && (openWorld.words.verbs.has("send") || openWorld.words.verbs.has("export"))) return true;
  let query = host.query;
  try {
    query = decodeURIComponent(query.replace(/\+/g, " "));
  } catch {
    // A malformed escape is judged as written.
  }
  const pairs = query.split(/[?&]/);
  const values = pairs.map((pair) => pair.slice(pair.indexOf("=") + 1));
  // A search site's query is a search the user runs (`how to export chat history in slack`). Elsewhere a value
  // that reads as prose under a key that is not a search term's (`?d=alice_bob_charlie_dm_history`, `?msg=...`) is
  // a summary or a message carried out (round 29), however short; `?q=asyncio+task+group` on a docs site is not.
  const search = SEARCH_HOSTS.test(host.host);
  if (
    !search &&
    prose(
      pairs.filter((pair) => !SEARCH_KEY.test(pair)).map((pair) => [pair, pair.slice(pair.indexOf("=") + 1)])
        .filter(([pair, value]) => !returnOrClient(pair, value)).map(([, value]) => value),
    )
  ) {
    return true;
  }
  // A list (`a,b,c,d`) is records leaving, not a setting.
  // Round 82: an address to return to without a query of its own (`continue=https://mail.google.com/mail/u/0/`)
  // and an app's registered id (`client_id=<uuid>`) are where a sign-in goes and who asks, not data carried.
  return values.some((value, at) =>
    (value.length >= 32 && !(search && prose([value])) && !returnOrClient(pairs[at], value)) ||
    (value.match(/[,;\n]/g)?.length ?? 0) >= 3
  ) ||
    query.length > 256 ||
    sensitiveFindings(query).length > 0;
}

/** Keys that say who is notified of a change (`sendUpdates`, `send_notifications`, `notify`). */
const NOTIFY_KEY =
  /^(?:send_?updates|send_?notifications?|notify|notifications?|send_?notification_?emails?)$/i;

export function judgeHosts(
  view: ActionView,
  hosts: HostReading[],
  openWorld: OpenWorldReading | undefined,
  findings: Findings,
) {
  const egress: HostReading[] = [];
  for (const host of hosts) {
    if (host.engine) {
      findings.block("engine", `calls the engine's own API or WebSocket ("${host.url.slice(0, 80)}")`);
      continue;
    }
    if (host.lookalike) {
      findings.escalate("network", `talks to "${host.host}", a lookalike of "${host.lookalike}"`);
    }
    if (host.loopback || !sendsData(view, host, openWorld)) continue;
    egress.push(host);
    if (!host.allowed) {
      findings.escalate("network", `sends data to "${host.host}", which is not an allowed host`);
    }
  }
  return egress;
}

const NO_TEXTS: readonly string[] = [];

/** The view's texts of these kinds, at most 64 of each (the view's own list when one kind holds them all). */
export function textsOf(
  view: ActionView,
  ...kinds: Array<"outbound" | "content" | "task" | "query">
): readonly string[] {
  let only: readonly string[] | undefined;
  let lists = 0;
  for (const kind of kinds) {
    const list = view.texts.get(kind);
    if (list === undefined || list.length === 0) continue;
    only = list;
    lists++;
  }
  if (only === undefined) return NO_TEXTS;
  if (lists === 1 && only.length <= 64) return only;
  return kinds.flatMap((kind) => (view.texts.get(kind) ?? []).slice(0, 64));
}

export function judgeMessaging(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  environment: ShieldEnvironment,
  findings: Findings,
) {
  const payload = view.payload;
  // A messaging CLI's argument list (round 38): its message options are what is said, its numbers who receives it.
  const listed = cliMessage(payload);
  const recipients = [
    ...(view.texts.get("recipient") ?? []).slice(0, 64).flatMap((value) => value.split(/[,;]\s*/)),
    ...(openWorld?.recipients ?? []),
    ...payloadRecipients(payload),
    ...shapedRecipients(payload),
    ...(listed?.recipients ?? []),
  ].map((value) => value.trim()).filter(Boolean);
  // Round 98: "all" under a notification key (Google Calendar's `sendUpdates: "all"`) says who is told, not what goes.
  const wholesale = payload.include_attachments === true ||
    Object.entries(payload).some(([key, value]) => value === "all" && !NOTIFY_KEY.test(key));
  const typed = view.type === "browser_type" || view.type === "computer";
  if (typed) {
    const field = [payload.selector, payload.element, payload.field].filter((value) =>
      typeof value === "string"
    ).join(" ");
    if (FIELD_WORDS.test(field)) findings.escalate("message", `types into a "${field.slice(0, 40)}" field`);
  }
  judgeSenderRoles(view.tool, payload, findings);
  if (recipients.length > 0) judgeLookalikeRecipients(view.tool, senders(payload), recipients, findings);
  const texts = listed?.texts ?? textsOf(view, "outbound", "content");
  judgeCommunication(view.tool, [...new Set(recipients)], senders(payload), texts, environment, findings);
  const unique = [...new Set(recipients)];
  judgePremiumNumbers(view.tool, unique, findings);
  const attachments = attachmentCount(payload) + (listed?.attachments ?? 0);
  judgeMessage(
    {
      tool: view.tool,
      recipients: unique,
      texts,
      attachments: Math.max(view.paths.length, attachments),
      wholesale,
      hidden: blindCopies(payload),
      ownDomains: senderDomains(payload),
      identifiers: identifierValues(payload),
      addresses: Object.values(payload).filter((value): value is string =>
        typeof value === "string" && unique.includes(value.trim())
      ),
      personalNote: !typed &&
        plainPersonalNote(unique, texts, view.paths, attachments, environment.workspace),
      handOff: !typed &&
        routineHandOff(unique, texts, payload, view.paths, Math.max(view.paths.length, attachments)),
      everydayNote: !typed && attachments === 0 && view.paths.length === 0 && everydayNote(unique, texts),
    },
    environment,
    findings,
  );
  return recipients;
}

const IDENTIFIER_KEY = /(?:^|_)id$|[a-z]Id$|^(?:channel|chat|room|guild|server|thread|conversation|group)$/;

/** Short string values of the payload's top-level id arguments (`channel_id`, `chatId`, and round 27: a bare
 * `channel`, `chat`, `room` ... whose value is such an id). */
function identifierValues(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === "string" && value.length <= 64 && IDENTIFIER_KEY.test(key)) found.push(value);
  }
  return found;
}

/** Keys that name the sending address (SES's `Source`, SparkPost's `content.from` one object down). */
const FROM_KEY = /^(?:from|sender|source|from_?address|from_?email)$/i;

/** The domains the mail is sent from (a string under a sender key, or any address in an object there, top level or
 * one object down): a blind copy there is the sender's own record (round 54). */
function senderDomains(payload: Record<string, unknown>, depth = 0): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    if (FROM_KEY.test(key) && typeof value === "string") found.push(value);
    else if (FROM_KEY.test(key) && value && typeof value === "object" && !Array.isArray(value)) {
      for (const inner of Object.values(value).slice(0, 16)) {
        if (typeof inner === "string" && inner.includes("@")) found.push(inner);
      }
    } else if (depth === 0 && value && typeof value === "object" && !Array.isArray(value)) {
      found.push(...senderDomains(value as Record<string, unknown>, 1));
    }
  }
  return depth > 0 ? found : found.map((sender) => sender.replace(/^.*<([^>]+)>.*$/, "$1"))
    .filter((address) => address.includes("@"))
    .map((address) => address.slice(address.lastIndexOf("@") + 1).trim().toLowerCase());
}

/** A key that names blind copies: `bcc`, `Bcc`, Graph's `bccRecipients`, SES's `BccAddresses`, Mailgun's `h:Bcc`. */
const BCC_KEY = /^(?:h:)?bcc/i;

/** Addresses under `bcc` keys, at any depth of the payload (bounded; round 54: deep enough for SendGrid's
 * `personalizations[].bcc[].email`), and SparkPost recipients whose `header_to` shows another address than the one
 * the mail goes to (SparkPost's Bcc). */
function blindCopies(payload: Record<string, unknown>): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key: string, depth: number) => {
    if (depth > 5 || found.length > 32) return;
    if (typeof value === "string" && BCC_KEY.test(key)) found.push(...value.split(/[,;]\s*/));
    else if (Array.isArray(value)) value.forEach((item) => visit(item, key, depth + 1));
    else if (value && typeof value === "object") {
      const { email, header_to: shown } = value as Record<string, unknown>;
      if (typeof email === "string" && typeof shown === "string" && !shown.includes(email)) found.push(email);
      for (const [inner, item] of Object.entries(value)) {
        visit(item, BCC_KEY.test(key) ? key : inner, depth + 1);
      }
    }
  };
  visit(payload, "", 0);
  return found.map((address) => address.trim()).filter(Boolean);
}

export function judgeAttachments(reads: ClassedPath[], findings: Findings): void {
  for (const { path, kind } of reads) {
    const shown = path.relative ?? path.absolute;
    if (kind === "secret" || kind === "secret-container" || kind === "engine") {
      findings.block("message", `sends "${shown}", which holds secrets, to someone else`);
    } else if (kind === "personal" || kind === "other" || kind === "system") {
      findings.escalate("message", `sends "${shown}" from outside the workspace to someone else`);
    }
  }
}

/** Disguised credentials in what leaves: bodies, queries, headers, URLs, command lines with egress, message
 * content. */
export function judgeLeaving(
  view: ActionView,
  sends: boolean,
  egress: HostReading[],
  findings: Findings,
): void {
  const leaving = [
    ...textsOf(view, "outbound", "query"),
    ...(view.texts.get("header") ?? []).slice(0, 16),
    ...view.urls.slice(0, 16),
    ...(egress.length > 0 ? (view.texts.get("shell") ?? []).slice(0, 8) : []),
    ...(sends ? textsOf(view, "content") : []),
  ];
  judgeOutboundSecrets(leaving, view.tool, findings);
}
