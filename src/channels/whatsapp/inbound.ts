/** WhatsApp webhook deliveries (Cloud API "messages" changes) validated into channel messages and button replies;
 * deliveries for another phone number id are not ours. */
import { z } from "zod";
import type { ButtonAnswer, InboundMessage } from "../types.ts";

const message = z.object({
  from: z.string().regex(/^\d{5,20}$/),
  id: z.string().min(1).max(200),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  interactive: z.object({
    type: z.string(),
    button_reply: z.object({ id: z.string().max(256), title: z.string() }).optional(),
  }).optional(),
});
const delivery = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(z.object({
    changes: z.array(z.object({
      field: z.string(),
      value: z.object({
        metadata: z.object({ phone_number_id: z.string() }).optional(),
        messages: z.array(message).optional(),
      }),
    })),
  })),
});

export type Parsed =
  | { kind: "message"; message: InboundMessage }
  | { kind: "button"; answer: ButtonAnswer };

/** Every message of a delivery, in order; an error naming the first problem when the delivery is malformed. */
export function parseDelivery(raw: unknown, phoneNumberId: string): Parsed[] | { error: string } {
  const result = delivery.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { error: `field "${issue.path.join(".")}" ${issue.message}` };
  }
  const out: Parsed[] = [];
  for (const entry of result.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== "messages" || change.value.metadata?.phone_number_id !== phoneNumberId) continue;
      for (const sent of change.value.messages ?? []) {
        const reply = sent.interactive?.button_reply;
        if (sent.type === "interactive" && reply) {
          out.push({
            kind: "button",
            answer: { chatId: sent.from, senderId: sent.from, direct: true, payload: reply.id },
          });
          continue;
        }
        out.push({
          kind: "message",
          message: {
            messageId: sent.id,
            chatId: sent.from,
            senderId: sent.from,
            text: sent.text?.body ?? "",
            group: false,
          },
        });
      }
    }
  }
  return out;
}
