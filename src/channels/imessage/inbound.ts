/** Rows of Messages' chat.db (message joined with handle) into channel messages; group chats are marked. */
import type { InboundMessage } from "../types.ts";

/** Messages stores dates as nanoseconds since 2001-01-01. */
export const APPLE_EPOCH_MS = 978_307_200_000;

export interface MessageRow {
  rowid: number;
  guid: string;
  text: string | null;
  handle: string | null;
  room: string | null;
}

export function toInbound(row: MessageRow): InboundMessage | undefined {
  if (!row.text || !row.handle || typeof row.guid !== "string") return undefined;
  return {
    messageId: row.guid,
    chatId: row.room ? `room:${row.room}` : row.handle,
    senderId: row.handle,
    text: row.text,
    group: row.room !== null,
  };
}

export function appleTime(unixMs: number): number {
  return (unixMs - APPLE_EPOCH_MS) * 1_000_000;
}
