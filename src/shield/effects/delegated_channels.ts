/** Work handed to another agent that opens a channel out, whatever its wording: a connection with a shell to a bare
 * IP and port (a reverse shell described in prose), mail forwarded to a personal mailbox that is not a contact, a
 * send followed by deleting the copies (covering its tracks), and another agent run on instructions fetched from a
 * host outside the allowed ones. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { isPersonalMailbox } from "./personal_mailboxes.ts";
import { isContact } from "./messaging.ts";
import { matchesOf } from "../match_all.ts";

const BARE_ENDPOINT = /\b(?:\d{1,3}\.){3}\d{1,3}:\d{2,5}\b|\[[0-9a-f:]{2,39}\]:\d{2,5}/i;
const LOOPBACK = /^(?:127\.|0\.0\.0\.0:|\[::1?\]:)/;
const CHANNEL_WORDS = gated(
  /\b(?:bash|sh|shell|terminal|console|connection|connect|reverse|listener|netcat|nc|socat|socket|tunnel|session|backdoor)\b/i,
);
/** Send verbs, passive forms and the common translations (a paraphrase keeps the order). */
const SEND_VERB =
  /\b(?:forward|send|sent|email|e-?mailed|mail|copy|cc|bcc|upload|share|post|transmit|deliver|relay|env[ií]a|envoie|envoyer|sende|senden|envie|enviar)/i;
const COVER_TRACKS = gated(
  /\b(?:delete|remove|erase|purge|clear|wipe|empty|trash)\b[^.\n]{0,40}\b(?:forwarded|sent|copies|copy|traces?|logs?|history|evidence|outbox|sent items|sent folder)\b/i,
);
const ADDRESS = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;

export function judgeDelegatedChannels(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const text = texts.join("\n");
  if (text.length < 12 || text.length > 64 * 1024) return;
  const endpoint = BARE_ENDPOINT.exec(text);
  // A loopback address is this machine (a dev server), not a channel out.
  if (endpoint && !LOOPBACK.test(endpoint[0]) && CHANNEL_WORDS.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on a connection to the bare address "${endpoint[0]}"`);
  }
  if (!text.includes("@") && !COVER_TRACKS.test(text)) return;
  const sends = SEND_VERB.test(text);
  if (sends && COVER_TRACKS.test(text)) {
    findings.escalate("delegation", `"${tool}" hands on a send and the deletion of its traces`);
  }
  if (!sends || !text.includes("@")) return;
  for (const match of matchesOf(ADDRESS, text)) {
    if (isPersonalMailbox(match[0]) && !isContact(match[0], environment)) {
      findings.escalate("delegation", `"${tool}" hands on a send to "${match[0]}", a personal mailbox`);
      return;
    }
  }
}
