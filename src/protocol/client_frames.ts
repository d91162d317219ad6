/** zod schemas of the frames a client may send on /api/ws (docs/api.md, "Client frames"). */
import { z } from "zod";

const sessionId = z.string().min(1).max(128);
/** The connection's control key (control_keys.ts); checked by the hub, not here. */
const controlKey = z.string().max(128).optional();

const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message"),
    session_id: sessionId,
    content: z.string().min(1, "must not be empty"),
    mode: z.enum(["normal", "otr"]).optional(),
  }),
  z.object({
    type: z.literal("command"),
    session_id: sessionId,
    content: z.string().min(1, "must not be empty"),
    key: controlKey,
  }),
  z.object({ type: z.literal("cancel"), session_id: sessionId }),
  z.object({
    type: z.literal("tier3_decision"),
    action_id: z.string().min(1),
    decision: z.enum(["approve", "deny"]),
    session_id: sessionId.optional(),
    key: controlKey,
    /** Beyond the spec: with approve, also allow the scope the request offered (`allow_from_now_on`). */
    remember: z.boolean().optional(),
  }),
  z.object({ type: z.literal("ping"), session_id: sessionId.optional() }),
]);

export type ClientFrame = z.infer<typeof clientFrameSchema>;

export type FrameParse = { ok: true; frame: ClientFrame } | {
  ok: false;
  message: string;
  sessionId?: string;
};

const KNOWN_TYPES = ["message", "command", "cancel", "tier3_decision", "ping"];

export function parseClientFrame(text: string): FrameParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: "Frame is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: 'Frame must be a JSON object with a "type"' };
  }
  const record = value as Record<string, unknown>;
  const sessionId = typeof record.session_id === "string" ? record.session_id : undefined;
  if (!KNOWN_TYPES.includes(String(record.type))) {
    return {
      ok: false,
      sessionId,
      message: `Unknown frame type "${String(record.type)}": expected one of ${KNOWN_TYPES.join(", ")}`,
    };
  }
  const result = clientFrameSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    return {
      ok: false,
      sessionId,
      message: `Invalid "${record.type}" frame: field "${issue.path.join(".")}" ${issue.message}`,
    };
  }
  return { ok: true, frame: result.data };
}
