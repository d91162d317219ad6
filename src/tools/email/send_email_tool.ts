/** send_email: a new mail or a reply. Before Shield judges the call the engine settles everything it will act on:
 * recipients checked, attachments resolved to workspace files, and for a reply the original's threading headers
 * (In-Reply-To, References) and, when no `to` is given, its sender. Shield sees exactly that payload. */
import { z } from "zod";
import type { ToolDefinition } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import { requireImap, requireSmtp } from "./email_settings.ts";
import { withImap } from "./imap_session.ts";
import { folderArgument, inFolder, messageIdArgument } from "./mailbox_access.ts";
import { readMessage } from "./message_reader.ts";
import { addressOf, MAX_RECIPIENTS, parseRecipients, recipientsArgument } from "./mail_addresses.ts";
import { attachmentRules, loadAttachments, resolveAttachments } from "./mail_attachments.ts";
import { sendMail } from "./smtp_send.ts";
import { connectionOptions, type EmailToolOptions } from "./email_tool_options.ts";

const MAX_BODY_CHARS = 1_000_000;

const sendArgs = z.object({
  to: recipientsArgument.optional(),
  cc: recipientsArgument.optional(),
  bcc: recipientsArgument.optional(),
  subject: z.string().max(998).optional().describe(
    'Subject line (a reply defaults to "Re: " and the original\'s)',
  ),
  body: z.string().max(MAX_BODY_CHARS).describe("Plain-text body"),
  attachments: z.array(z.string().min(1)).optional().describe("Workspace files to attach (paths)"),
  reply_to_id: messageIdArgument.optional().describe(
    "Reply to this message (id from email_list or email_search)",
  ),
  folder: folderArgument.optional().describe("Folder of the message replied to (default INBOX)"),
});

/** The judged call: the model's arguments plus what the engine settled (never given by the model). */
type SendArgs = z.infer<typeof sendArgs> & { in_reply_to?: string; references?: string[] };

export function sendEmailTool(options: EmailToolOptions): ToolDefinition<SendArgs> {
  const rules = attachmentRules(options);
  const resolve = async (args: SendArgs): Promise<SendArgs> => {
    const resolved: SendArgs = { ...args, subject: oneLine(args.subject ?? "") };
    if (args.reply_to_id) Object.assign(resolved, await replyContext(options, args, resolved));
    resolved.to = parse(resolved.to, "to");
    resolved.cc = parse(args.cc, "cc");
    resolved.bcc = parse(args.bcc, "bcc");
    const count = resolved.to.length + resolved.cc.length + resolved.bcc.length;
    if (resolved.to.length === 0) throw new ToolError('Cannot send: no recipient in "to"');
    if (count > MAX_RECIPIENTS) {
      throw new ToolError(`Cannot send to ${count} recipients: at most ${MAX_RECIPIENTS}`);
    }
    if (args.attachments?.length) resolved.attachments = await resolveAttachments(rules, args.attachments);
    return resolved;
  };
  return {
    name: "send_email",
    group: "email",
    description:
      "Send a plain-text email, optionally with workspace files attached, or reply to a message by id " +
      "(threaded under it; the reply goes to its sender unless `to` is given).",
    parameters: sendArgs,
    writes: true,
    resolveArguments: resolve,
    async execute(given, context) {
      const args = context.argumentsResolved ? given : await resolve(given);
      const { server, from } = requireSmtp(options.settings);
      const attachments = await loadAttachments(
        rules,
        args.attachments ?? [],
        context.argumentsResolved === true,
        options.maxAttachmentBytes,
      );
      const outcome = await sendMail(
        server,
        {
          from,
          to: args.to as string[],
          cc: args.cc as string[],
          bcc: args.bcc as string[],
          subject: args.subject ?? "",
          text: args.body,
          inReplyTo: args.in_reply_to,
          references: args.references,
          attachments,
        },
        connectionOptions(options),
        context.signal,
      );
      if (args.reply_to_id) await markAnswered(options, args, context.signal);
      const sent = `Sent "${args.subject}" to ${outcome.accepted.join(", ") || "(none)"}` +
        (attachments.length ? ` with ${attachments.length} attachment(s)` : "") +
        (args.in_reply_to ? ` as a reply to ${args.in_reply_to}` : "") + ` (Message-ID ${outcome.messageId})`;
      const refused = outcome.rejected.length ? `; the server refused ${outcome.rejected.join(", ")}` : "";
      return {
        output: sent + refused,
        isError: outcome.accepted.length === 0,
        reads: attachments.length ? { paths: args.attachments } : undefined,
      };
    },
  };
}

/** The original's threading headers and sender; headers from outside are checked before they go into ours. */
async function replyContext(
  options: EmailToolOptions,
  args: SendArgs,
  resolved: SendArgs,
): Promise<Partial<SendArgs>> {
  const folder = args.folder ?? "INBOX";
  const original = await withImap(
    requireImap(options.settings),
    connectionOptions(options),
    AbortSignal.timeout(
      (options.timeoutSeconds ?? 30) * 2000,
    ),
    (client) =>
      inFolder(client, folder, { write: false }, () => readMessage(client, folder, Number(args.reply_to_id))),
  );
  const messageId = original.messageId && isMessageId(original.messageId) ? original.messageId : undefined;
  const references = [
    ...original.references.filter(isMessageId).slice(-20),
    ...(messageId ? [messageId] : []),
  ];
  const sender = addressOf(firstAddress(original.replyTo ?? original.from) ?? "");
  const subject = resolved.subject ||
    (/^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`);
  return {
    to: args.to ?? (sender ? [sender] : undefined),
    subject: oneLine(subject),
    in_reply_to: messageId,
    references: references.length ? references : undefined,
  };
}

async function markAnswered(options: EmailToolOptions, args: SendArgs, signal: AbortSignal): Promise<void> {
  const folder = args.folder ?? "INBOX";
  await withImap(
    requireImap(options.settings),
    connectionOptions(options),
    signal,
    (client) =>
      inFolder(
        client,
        folder,
        { write: true },
        () => client.messageFlagsAdd(String(args.reply_to_id), ["\\Answered"], { uid: true }),
      ),
  ).catch(() => {
    // The mail is sent; the flag is a courtesy.
  });
}

function parse(value: string | string[] | undefined, field: string): string[] {
  try {
    return parseRecipients(value, field);
  } catch (error) {
    throw new ToolError(`Cannot send: ${(error as Error).message}`);
  }
}

function isMessageId(value: string): boolean {
  return /^<[^<>\s]{1,250}>$/.test(value);
}

function firstAddress(list: string): string | undefined {
  return list === "(none)" ? undefined : list.split(/,\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/)[0];
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ").trim();
}
