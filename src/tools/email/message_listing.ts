/** One line per message for email_list and email_search: id, date, state, sender, subject. Senders and subjects
 * are written by strangers, so the whole listing is fenced as untrusted data. */
import type { ImapFlow } from "imapflow";
import { cleanHeader, untrustedBlock } from "../untrusted_text.ts";
import { formatAddresses } from "./mail_addresses.ts";

interface ListedMessage {
  uid: number;
  date?: Date | string;
  flags?: Set<string>;
  from?: { name?: string; address?: string }[];
  subject?: string;
  size?: number;
}

export async function fetchSummaries(client: ImapFlow, uids: number[]): Promise<ListedMessage[]> {
  if (uids.length === 0) return [];
  const messages = await client.fetchAll(uids.join(","), {
    uid: true,
    envelope: true,
    flags: true,
    size: true,
  }, {
    uid: true,
  });
  const byUid = new Map(messages.map((message) => [message.uid, message]));
  return uids.flatMap((uid) => {
    const message = byUid.get(uid);
    if (!message) return [];
    return [{
      uid,
      date: message.envelope?.date,
      flags: message.flags,
      from: message.envelope?.from,
      subject: message.envelope?.subject,
      size: message.size,
    }];
  });
}

export function formatListing(heading: string, messages: ListedMessage[]): string {
  if (messages.length === 0) return `${heading}\n(no messages)`;
  const lines = messages.map((message) =>
    [
      `id ${message.uid}`,
      formatDate(message.date),
      stateOf(message.flags),
      `from ${cleanHeader(formatAddresses(message.from), 120)}`,
      `subject ${cleanHeader(message.subject ?? "(none)", 200)}`,
      message.size !== undefined ? `${Math.max(1, Math.round(message.size / 1024))} KB` : "",
    ].filter(Boolean).join(" | ")
  );
  return `${heading}\n${untrustedBlock({ source: "mailbox listing", body: lines.join("\n") })}`;
}

export function formatDate(value: Date | string | undefined): string {
  if (value === undefined) return "(no date)";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime())
    ? "(bad date)"
    : date.toISOString().slice(0, 16).replace("T", " ") + "Z";
}

function stateOf(flags: Set<string> | undefined): string {
  const states = [flags?.has("\\Seen") ? "read" : "unread"];
  if (flags?.has("\\Flagged")) states.push("flagged");
  if (flags?.has("\\Answered")) states.push("answered");
  return states.join(",");
}
