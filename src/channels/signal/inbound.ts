/** signal-cli "receive" notifications validated into channel messages (data messages only; receipts, typing and
 * sync messages are not conversation). */
import { z } from "zod";
import type { InboundMessage } from "../types.ts";

const envelope = z.object({
  envelope: z.object({
    source: z.string().optional(),
    sourceNumber: z.string().nullable().optional(),
    timestamp: z.number().int(),
    dataMessage: z.object({
      timestamp: z.number().int().optional(),
      message: z.string().nullable().optional(),
      groupInfo: z.object({ groupId: z.string() }).optional(),
    }).optional(),
  }),
});

export function parseReceive(params: unknown): { message?: InboundMessage; error?: string } {
  const result = envelope.safeParse(params);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { error: `field "${issue.path.join(".")}" ${issue.message}` };
  }
  const { envelope: received } = result.data;
  const sender = received.sourceNumber ?? received.source;
  if (!received.dataMessage || !sender || !received.dataMessage.message) return {};
  const group = received.dataMessage.groupInfo?.groupId;
  return {
    message: {
      messageId: `${sender}:${received.dataMessage.timestamp ?? received.timestamp}`,
      chatId: group ? `group:${group}` : sender,
      senderId: sender,
      text: received.dataMessage.message,
      group: group !== undefined,
    },
  };
}
