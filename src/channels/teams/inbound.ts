/** Bot Framework activities validated into channel traffic. A chat is "serviceUrl|conversation id": replies must go
 * to the service URL the (verified) activity came from, also after a restart. Adaptive Card submits carry the
 * approval payload in `value.parapet`. */
import { z } from "zod";
import type { ButtonAnswer, InboundMessage } from "../types.ts";

const activity = z.object({
  type: z.string(),
  id: z.string().min(1).max(256),
  serviceUrl: z.url().refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL"),
  from: z.object({ id: z.string().min(1).max(256), aadObjectId: z.string().max(64).optional() }),
  conversation: z.object({ id: z.string().min(1).max(512), conversationType: z.string().optional() }),
  text: z.string().optional(),
  value: z.object({ parapet: z.string().max(100) }).partial().optional(),
});

export type Parsed =
  | { kind: "message"; message: InboundMessage }
  | { kind: "button"; answer: ButtonAnswer }
  | { kind: "other" }
  | { kind: "invalid"; error: string };

/** The service URL an activity claims (checked against its token before anything else is read). */
export function serviceUrlOf(raw: unknown): string {
  const value = (raw as { serviceUrl?: unknown })?.serviceUrl;
  return typeof value === "string" ? value : "";
}

export function parseActivity(raw: unknown): Parsed {
  const result = activity.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { kind: "invalid", error: `field "${issue.path.join(".")}" ${issue.message}` };
  }
  const item = result.data;
  if (item.type !== "message") return { kind: "other" };
  const chatId = `${item.serviceUrl.replace(/\/+$/, "")}|${item.conversation.id}`;
  const senderId = item.from.aadObjectId ?? item.from.id;
  const direct = (item.conversation.conversationType ?? "personal") === "personal";
  if (item.value?.parapet) {
    return { kind: "button", answer: { chatId, senderId, direct, payload: item.value.parapet } };
  }
  return {
    kind: "message",
    message: {
      messageId: `${item.conversation.id}:${item.id}`,
      chatId,
      senderId,
      // Mentions arrive as <at>Name</at> inside the text.
      text: (item.text ?? "").replace(/<at>[^<]*<\/at>/g, "").trim(),
      group: !direct,
    },
  };
}

/** "serviceUrl|conversation id" back into its parts. */
export function splitChat(chatId: string): { serviceUrl: string; conversationId: string } {
  const bar = chatId.indexOf("|");
  return { serviceUrl: chatId.slice(0, bar), conversationId: chatId.slice(bar + 1) };
}
