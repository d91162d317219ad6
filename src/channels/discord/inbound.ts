/** Discord gateway dispatches (MESSAGE_CREATE, INTERACTION_CREATE) validated into channel messages and presses. */
import { z } from "zod";
import type { ButtonAnswer, InboundMessage } from "../types.ts";

const user = z.object({ id: z.string().regex(/^\d+$/), bot: z.boolean().optional() });
const messageCreate = z.object({
  id: z.string().regex(/^\d+$/),
  channel_id: z.string().regex(/^\d+$/),
  guild_id: z.string().regex(/^\d+$/).optional(),
  author: user,
  content: z.string(),
  mentions: z.array(user).optional(),
});
const interaction = z.object({
  id: z.string().regex(/^\d+$/),
  token: z.string().min(1).max(500),
  type: z.number().int(),
  channel_id: z.string().regex(/^\d+$/),
  guild_id: z.string().regex(/^\d+$/).optional(),
  user: user.optional(),
  member: z.object({ user }).optional(),
  data: z.object({ custom_id: z.string().max(100) }).optional(),
});

export type Parsed =
  | { kind: "message"; message: InboundMessage }
  | { kind: "button"; answer: ButtonAnswer; interactionId: string; token: string }
  | { kind: "other" }
  | { kind: "invalid"; error: string };

export function parseDispatch(type: string, data: unknown, botUserId: string): Parsed {
  if (type === "MESSAGE_CREATE") {
    const result = messageCreate.safeParse(data);
    if (!result.success) return invalid(result.error);
    const sent = result.data;
    if (sent.author.bot || sent.author.id === botUserId) return { kind: "other" };
    const mentioned = (sent.mentions ?? []).some((mention) => mention.id === botUserId);
    return {
      kind: "message",
      message: {
        space: sent.guild_id,
        messageId: sent.id,
        chatId: sent.channel_id,
        senderId: sent.author.id,
        // A mention of the bot addresses it; it is not part of what was said.
        text: sent.content.replaceAll(`<@${botUserId}>`, "").replaceAll(`<@!${botUserId}>`, "").trim(),
        group: sent.guild_id !== undefined,
        mentioned,
      },
    };
  }
  if (type === "INTERACTION_CREATE") {
    const result = interaction.safeParse(data);
    if (!result.success) return invalid(result.error);
    const press = result.data;
    const presser = press.member?.user ?? press.user;
    if (press.type !== 3 || !presser || !press.data) return { kind: "other" };
    return {
      kind: "button",
      interactionId: press.id,
      token: press.token,
      answer: {
        chatId: press.channel_id,
        senderId: presser.id,
        direct: press.guild_id === undefined,
        payload: press.data.custom_id,
      },
    };
  }
  return { kind: "other" };
}

function invalid(error: z.ZodError): Parsed {
  const issue = error.issues[0];
  return { kind: "invalid", error: `field "${issue.path.join(".")}" ${issue.message}` };
}
