/** Opens one folder of an open IMAP connection (read-only unless the call changes messages) and turns a missing
 * folder or message into a clear tool error. Folder names and message ids from the model are checked here. */
import type { ImapFlow } from "imapflow";
import { z } from "zod";
import { ToolError } from "../../lib/errors.ts";

// deno-lint-ignore no-control-regex
const FOLDER_FORBIDDEN = /[\x00-\x1f\x7f*%]/;

export const folderArgument = z.string().min(1).max(200)
  .refine((value) => !FOLDER_FORBIDDEN.test(value), "must not contain control characters, * or %")
  .describe('Mail folder (default "INBOX")');

export const messageIdArgument = z.string().regex(/^\d{1,10}$/, "must be a message id (digits)")
  .describe("Message id as shown by email_list or email_search (the IMAP UID in that folder)");

export async function inFolder<T>(
  client: ImapFlow,
  folder: string,
  access: { write: boolean },
  run: () => Promise<T>,
): Promise<T> {
  let lock;
  try {
    lock = await client.getMailboxLock(folder, { readOnly: !access.write });
  } catch (error) {
    const folders = await client.list().then((list) => list.map((entry) => entry.path)).catch(() => []);
    const known = folders.length
      ? `; folders: ${folders.slice(0, 30).map((name) => `"${name}"`).join(", ")}`
      : "";
    const reply = (error as { responseText?: string }).responseText;
    throw new ToolError(`Cannot open folder "${folder}": ${reply ?? (error as Error).message}${known}`);
  }
  try {
    return await run();
  } finally {
    lock.release();
  }
}

/** UIDs of the newest `limit` matches, newest first. */
export async function newestUids(
  client: ImapFlow,
  query: Record<string, unknown>,
  limit: number,
): Promise<{ uids: number[]; total: number }> {
  const found = await client.search(query, { uid: true });
  const all = Array.isArray(found) ? [...found].sort((a, b) => b - a) : [];
  return { uids: all.slice(0, limit), total: all.length };
}
