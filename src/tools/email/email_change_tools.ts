/** email_mark and email_move: change a message's flags or folder. Both change state in the mailbox, so an
 * off-the-record session cannot run them. */
import { z } from "zod";
import type { ToolDefinition } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import { requireImap } from "./email_settings.ts";
import { withImap } from "./imap_session.ts";
import { folderArgument, inFolder, messageIdArgument } from "./mailbox_access.ts";
import { connectionOptions, type EmailToolOptions } from "./email_tool_options.ts";

const MARKS = {
  read: { add: ["\\Seen"] },
  unread: { remove: ["\\Seen"] },
  flagged: { add: ["\\Flagged"] },
  unflagged: { remove: ["\\Flagged"] },
  answered: { add: ["\\Answered"] },
} as const;

const markArgs = z.object({
  id: messageIdArgument,
  folder: folderArgument.optional(),
  mark: z.enum(Object.keys(MARKS) as [keyof typeof MARKS, ...(keyof typeof MARKS)[]])
    .describe("read, unread, flagged, unflagged or answered"),
});

const moveArgs = z.object({
  id: messageIdArgument,
  folder: folderArgument.optional(),
  destination_folder: folderArgument.describe('Folder to move the message to, e.g. "Archive"'),
});

export function emailMarkTool(options: EmailToolOptions): ToolDefinition<z.infer<typeof markArgs>> {
  return {
    name: "email_mark",
    group: "email",
    description: "Mark a message read, unread, flagged, unflagged or answered.",
    parameters: markArgs,
    writes: true,
    async execute(args, context) {
      const server = requireImap(options.settings);
      const folder = args.folder ?? "INBOX";
      const change: { add?: readonly string[]; remove?: readonly string[] } = MARKS[args.mark];
      await withImap(
        server,
        connectionOptions(options),
        context.signal,
        (client) =>
          inFolder(client, folder, { write: true }, async () => {
            await requireMessage(client, folder, args.id);
            if (change.add) await client.messageFlagsAdd(args.id, [...change.add], { uid: true });
            if (change.remove) await client.messageFlagsRemove(args.id, [...change.remove], { uid: true });
          }),
      );
      return { output: `Marked message ${args.id} in folder "${folder}" as ${args.mark}`, isError: false };
    },
  };
}

export function emailMoveTool(options: EmailToolOptions): ToolDefinition<z.infer<typeof moveArgs>> {
  return {
    name: "email_move",
    group: "email",
    description: "Move a message to another folder (for example Archive or Trash).",
    parameters: moveArgs,
    writes: true,
    async execute(args, context) {
      const server = requireImap(options.settings);
      const folder = args.folder ?? "INBOX";
      if (folder === args.destination_folder) {
        throw new ToolError(`Cannot move message ${args.id}: it is already in folder "${folder}"`);
      }
      const moved = await withImap(
        server,
        connectionOptions(options),
        context.signal,
        (client) =>
          inFolder(client, folder, { write: true }, async () => {
            await requireMessage(client, folder, args.id);
            const known = (await client.list()).some((entry) => entry.path === args.destination_folder);
            if (!known) {
              throw new ToolError(`Cannot move message ${args.id}: no folder "${args.destination_folder}"`);
            }
            return await client.messageMove(args.id, args.destination_folder, { uid: true });
          }),
      );
      const newId = moved && moved.uidMap?.get(Number(args.id));
      return {
        output: `Moved message ${args.id} from "${folder}" to "${args.destination_folder}"` +
          (newId ? ` (its id there is ${newId})` : ""),
        isError: false,
      };
    },
  };
}

async function requireMessage(
  client: import("imapflow").ImapFlow,
  folder: string,
  id: string,
): Promise<void> {
  const found = await client.search({ uid: id }, { uid: true });
  if (!Array.isArray(found) || !found.includes(Number(id))) {
    throw new ToolError(`No message with id "${id}" in folder "${folder}"`);
  }
}
