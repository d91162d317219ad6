/** email_list, email_search, email_read: IMAP reads that change nothing (folders opened read-only, bodies fetched
 * with BODY.PEEK). Everything they return is fenced untrusted data, and they report the mail host so the
 * session's taint rises (mail holds other people's private data). */
import { z } from "zod";
import type { ToolDefinition, ToolResult } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import { requireImap } from "./email_settings.ts";
import { withImap } from "./imap_session.ts";
import { folderArgument, inFolder, messageIdArgument, newestUids } from "./mailbox_access.ts";
import { fetchSummaries, formatListing } from "./message_listing.ts";
import { formatMessage, readMessage } from "./message_reader.ts";
import { connectionOptions, type EmailToolOptions } from "./email_tool_options.ts";

const limitArgument = z.number().int().min(1).max(100).optional().describe("Messages to show (default 20)");

const listArgs = z.object({
  folder: folderArgument.optional(),
  limit: limitArgument,
  unread_only: z.boolean().optional().describe("Only unread messages"),
});

const searchArgs = z.object({
  query: z.string().max(500).optional().describe("Words to find in headers and body"),
  from: z.string().max(200).optional().describe("Part of the sender's name or address"),
  subject: z.string().max(500).optional().describe("Part of the subject"),
  since: z.string().max(40).optional().describe("Only mail on or after this date (YYYY-MM-DD)"),
  unread_only: z.boolean().optional(),
  folder: folderArgument.optional(),
  limit: limitArgument,
});

const readArgs = z.object({ id: messageIdArgument, folder: folderArgument.optional() });

export function emailListTool(options: EmailToolOptions): ToolDefinition<z.infer<typeof listArgs>> {
  return {
    name: "email_list",
    group: "email",
    description:
      "List the newest messages of a mail folder (default INBOX): id, date, read state, sender, subject.",
    parameters: listArgs,
    writes: false,
    execute: (args, context) => {
      const folder = args.folder ?? "INBOX";
      return listing(
        options,
        folder,
        args.unread_only ? { seen: false } : { all: true },
        args.limit,
        context.signal,
      );
    },
  };
}

export function emailSearchTool(options: EmailToolOptions): ToolDefinition<z.infer<typeof searchArgs>> {
  return {
    name: "email_search",
    group: "email",
    description:
      "Search a mail folder (default INBOX) by words, sender, subject, date or unread state; newest first.",
    parameters: searchArgs,
    writes: false,
    execute: (args, context) =>
      listing(options, args.folder ?? "INBOX", searchQuery(args), args.limit, context.signal, "matching "),
  };
}

export function emailReadTool(options: EmailToolOptions): ToolDefinition<z.infer<typeof readArgs>> {
  const maxBodyChars = options.maxBodyChars ?? 20_000;
  return {
    name: "email_read",
    group: "email",
    description:
      `Read one message by id: headers, text (cut at ${maxBodyChars} characters) and attachment names. ` +
      "The message stays unread.",
    parameters: readArgs,
    writes: false,
    async execute(args, context): Promise<ToolResult> {
      const server = requireImap(options.settings);
      const folder = args.folder ?? "INBOX";
      const message = await withImap(
        server,
        connectionOptions(options),
        context.signal,
        (client) =>
          inFolder(client, folder, { write: false }, () => readMessage(client, folder, Number(args.id))),
      );
      return {
        output: formatMessage(message, maxBodyChars),
        isError: false,
        reads: { hosts: [server.host] },
      };
    },
  };
}

async function listing(
  options: EmailToolOptions,
  folder: string,
  query: Record<string, unknown>,
  limit = 20,
  signal: AbortSignal,
  what = "",
): Promise<ToolResult> {
  const server = requireImap(options.settings);
  const { total, messages } = await withImap(
    server,
    connectionOptions(options),
    signal,
    (client) =>
      inFolder(client, folder, { write: false }, async () => {
        const { uids, total } = await newestUids(client, query, limit);
        return { total, messages: await fetchSummaries(client, uids) };
      }),
  );
  const heading = `${messages.length} of ${total} ${what}messages in folder "${folder}", newest first:`;
  return { output: formatListing(heading, messages), isError: false, reads: { hosts: [server.host] } };
}

function searchQuery(args: z.infer<typeof searchArgs>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (args.query) query.text = args.query;
  if (args.from) query.from = args.from;
  if (args.subject) query.subject = args.subject;
  if (args.unread_only) query.seen = false;
  if (args.since) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(args.since) || Number.isNaN(Date.parse(args.since))) {
      throw new ToolError(`Invalid since "${args.since}": expected a date as YYYY-MM-DD`);
    }
    query.since = new Date(`${args.since}T00:00:00Z`);
  }
  if (Object.keys(query).length === 0) {
    throw new ToolError("Nothing to search for: give query, from, subject, since or unread_only");
  }
  return query;
}
