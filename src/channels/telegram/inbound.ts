/** Telegram updates (getUpdates results) validated and turned into channel messages and button presses. */
import { z } from "zod";
import type { ButtonAnswer, InboundMessage } from "../types.ts";

const user = z.object({
  id: z.number().int(),
  is_bot: z.boolean().optional(),
  username: z.string().optional(),
});
const chat = z.object({ id: z.number().int(), type: z.string() });
const message = z.object({
  message_id: z.number().int(),
  from: user.optional(),
  chat,
  text: z.string().optional(),
  caption: z.string().optional(),
});
const update = z.object({
  update_id: z.number().int(),
  message: message.optional(),
  callback_query: z.object({
    id: z.string(),
    from: user,
    message: z.object({ message_id: z.number().int(), chat }).optional(),
    data: z.string().max(64).optional(),
  }).optional(),
});

export type TelegramUpdate = z.infer<typeof update>;

export type ParsedUpdate =
  | { kind: "message"; message: InboundMessage }
  | { kind: "button"; answer: ButtonAnswer; callbackId: string }
  | { kind: "other" };

/** The update's id when the object has one (so a malformed update can still be skipped past). */
export function updateId(raw: unknown): number | undefined {
  const id = (raw as { update_id?: unknown })?.update_id;
  return typeof id === "number" && Number.isInteger(id) ? id : undefined;
}

/** A validated update, or an error naming what is wrong with it. */
export function parseUpdate(
  raw: unknown,
  botUsername: string,
): ParsedUpdate | { kind: "invalid"; error: string } {
  const result = update.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { kind: "invalid", error: `field "${issue.path.join(".")}" ${issue.message}` };
  }
  const { message: sent, callback_query: callback } = result.data;
  if (sent?.from && !sent.from.is_bot) {
    const text = sent.text ?? sent.caption ?? "";
    return {
      kind: "message",
      message: {
        messageId: `${sent.chat.id}:${sent.message_id}`,
        chatId: String(sent.chat.id),
        senderId: String(sent.from.id),
        text,
        group: sent.chat.type !== "private",
        mentioned: botUsername !== "" && text.toLowerCase().includes(`@${botUsername.toLowerCase()}`),
      },
    };
  }
  if (callback?.message && callback.data) {
    return {
      kind: "button",
      callbackId: callback.id,
      answer: {
        chatId: String(callback.message.chat.id),
        senderId: String(callback.from.id),
        direct: callback.message.chat.type === "private",
        payload: callback.data,
      },
    };
  }
  return { kind: "other" };
}
