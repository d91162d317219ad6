/** Reads one message: its source fetched up to a cap, parsed by mailparser, and shown as fenced untrusted data
 * (headers, plain text, the list of attachments; attachment contents are never handed to the model). */
import type { ImapFlow } from "imapflow";
import type { AddressObject } from "mailparser";
import { importWhenNeeded } from "../../lib/import_when_needed.ts";
import { ToolError } from "../../lib/errors.ts";
import { untrustedBlock } from "../untrusted_text.ts";
import { formatAddresses } from "./mail_addresses.ts";
import { formatDate } from "./message_listing.ts";

export interface ParsedMessage {
  uid: number;
  folder: string;
  from: string;
  replyTo?: string;
  to: string;
  cc: string;
  date: string;
  subject: string;
  messageId?: string;
  references: string[];
  text: string;
  attachments: { name: string; type: string; size: number }[];
  /** Bytes of the source left unread past the cap. */
  truncatedBytes: number;
  flags: Set<string>;
}

/** The part of a message source read at most (the rest is not downloaded). */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

export async function readMessage(client: ImapFlow, folder: string, uid: number): Promise<ParsedMessage> {
  const fetched = await client.fetchOne(String(uid), {
    uid: true,
    size: true,
    flags: true,
    source: { maxLength: MAX_SOURCE_BYTES },
  }, { uid: true });
  if (!fetched || !fetched.source) throw new ToolError(`No message with id "${uid}" in folder "${folder}"`);
  // Loaded on first read: an engine that never reads mail never loads mailparser.
  const { simpleParser } = await importWhenNeeded<typeof import("mailparser")>("mailparser");
  const parsed = await simpleParser(fetched.source, {
    skipImageLinks: true,
    maxHtmlLengthToParse: 1_000_000,
  });
  const references = typeof parsed.references === "string" ? [parsed.references] : parsed.references ?? [];
  return {
    uid,
    folder,
    from: addressText(parsed.from),
    replyTo: parsed.replyTo ? addressText(parsed.replyTo) : undefined,
    to: addressText(parsed.to),
    cc: addressText(parsed.cc),
    date: formatDate(parsed.date),
    subject: parsed.subject ?? "",
    messageId: parsed.messageId,
    references,
    text: parsed.text ?? stripTags(typeof parsed.html === "string" ? parsed.html : ""),
    attachments: parsed.attachments.map((attachment) => ({
      name: attachment.filename ?? "(unnamed)",
      type: attachment.contentType,
      size: attachment.size,
    })),
    truncatedBytes: Math.max(0, (fetched.size ?? 0) - MAX_SOURCE_BYTES),
    flags: fetched.flags ?? new Set(),
  };
}

export function formatMessage(message: ParsedMessage, maxBodyChars: number): string {
  const headers: [string, string][] = [
    ["From", message.from],
    ["To", message.to],
  ];
  if (message.cc !== "(none)") headers.push(["Cc", message.cc]);
  if (message.replyTo) headers.push(["Reply-To", message.replyTo]);
  headers.push(["Date", message.date], ["Subject", message.subject || "(none)"]);
  if (message.messageId) headers.push(["Message-ID", message.messageId]);
  if (message.attachments.length) {
    headers.push([
      "Attachments",
      message.attachments.map((item) => `${item.name} (${item.type}, ${item.size} bytes)`).join("; "),
    ]);
  }
  const intro = `Message ${message.uid} in folder "${message.folder}"` +
    (message.flags.has("\\Seen") ? "" : " (unread)") +
    (message.truncatedBytes ? ` - the last ${message.truncatedBytes} bytes were not downloaded` : "");
  return `${intro}\n${untrustedBlock({ source: "email", headers, body: message.text }, { maxBodyChars })}`;
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return formatAddresses(
    list.flatMap((entry) => entry.value.map((item) => ({ name: item.name, address: item.address }))),
  );
}

function stripTags(html: string): string {
  return html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " ").replace(
    /[ \t]+/g,
    " ",
  );
}
