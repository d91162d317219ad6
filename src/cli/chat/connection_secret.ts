/** The per-connection secret that `command` and `tier3_decision` frames must carry, so only the engine's own
 * clients can run slash commands and answer approvals. Everything the terminal client knows about it is here:
 * where the engine hands it over and how a frame carries it. */

/** Frame types that must carry the secret. */
const GUARDED_FRAMES = new Set(["command", "tier3_decision"]);

/** The secret announced by an event of this connection, if this event carries one. */
export function secretFromEvent(event: { type: string; data?: Record<string, unknown> }): string | undefined {
  const secret = event.data?.connection_secret;
  return typeof secret === "string" && secret !== "" ? secret : undefined;
}

/** `frame` with the secret added when it needs one and one is known. */
export function withConnectionSecret(
  frame: Record<string, unknown>,
  secret: string | undefined,
): Record<string, unknown> {
  if (!secret || !GUARDED_FRAMES.has(String(frame.type))) return frame;
  return { ...frame, connection_secret: secret };
}
