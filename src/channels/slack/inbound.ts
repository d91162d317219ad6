/** Socket Mode envelopes (events_api messages, interactive block actions) validated into channel traffic. */
import { z } from "zod";
import type { ButtonAnswer, InboundMessage } from "../types.ts";

const messageEvent = z.object({
  type: z.literal("message"),
  channel: z.string().min(1).max(64),
  user: z.string().min(1).max(64),
  text: z.string().default(""),
  ts: z.string().regex(/^\d+\.\d+$/),
  channel_type: z.string().optional(),
  team: z.string().optional(),
  subtype: z.string().optional(),
  bot_id: z.string().optional(),
});
const blockActions = z.object({
  type: z.literal("block_actions"),
  user: z.object({ id: z.string().min(1) }),
  channel: z.object({ id: z.string().min(1) }),
  actions: z.array(z.object({ value: z.string().max(100).optional() })).min(1),
});

export type Parsed =
  | { kind: "message"; message: InboundMessage }
  | { kind: "button"; answer: ButtonAnswer }
  | { kind: "other" }
  | { kind: "invalid"; error: string };

export function parseEnvelope(type: string, payload: unknown, botUserId: string): Parsed {
  if (type === "events_api") {
    const event = (payload as { event?: { type?: unknown } })?.event;
    if (event?.type !== "message") return { kind: "other" };
    const result = messageEvent.safeParse(event);
    if (!result.success) return invalid(result.error);
    const sent = result.data;
    // Edits, joins and bot posts (our own replies among them) are not messages to the agent.
    if (sent.subtype || sent.bot_id || sent.user === botUserId) return { kind: "other" };
    const mention = botUserId ? `<@${botUserId}>` : "";
    return {
      kind: "message",
      message: {
        messageId: `${sent.channel}:${sent.ts}`,
        chatId: sent.channel,
        senderId: sent.user,
        text: mention ? sent.text.replaceAll(mention, "").trim() : sent.text,
        group: sent.channel_type !== "im",
        mentioned: mention !== "" && sent.text.includes(mention),
        space: sent.team,
      },
    };
  }
  if (type === "interactive") {
    if ((payload as { type?: unknown })?.type !== "block_actions") return { kind: "other" };
    const result = blockActions.safeParse(payload);
    if (!result.success) return invalid(result.error);
    const press = result.data;
    return {
      kind: "button",
      answer: {
        chatId: press.channel.id,
        senderId: press.user.id,
        direct: press.channel.id.startsWith("D"),
        payload: press.actions[0].value ?? "",
      },
    };
  }
  return { kind: "other" };
}

function invalid(error: z.ZodError): Parsed {
  const issue = error.issues[0];
  return { kind: "invalid", error: `field "${issue.path.join(".")}" ${issue.message}` };
}
