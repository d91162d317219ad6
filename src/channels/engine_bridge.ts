/** The engine's doors as the channel manager sees them: the same conversation, slash commands, sessions and
 * approval registry a WebSocket client reaches through the hub. */
import type { ApprovalRegistry } from "../engine/approvals.ts";
import type { CommandRunner, Conversation } from "../engine/conversation.ts";
import type { SessionService } from "../engine/session_service.ts";
import { sha256Hex } from "../lib/sha256.ts";
import type { ChannelEngine } from "./engine_port.ts";

export interface BridgeParts {
  conversation: Conversation;
  commands: CommandRunner;
  sessions: SessionService;
  approvals: ApprovalRegistry;
}

export function engineBridge(parts: BridgeParts): ChannelEngine {
  return {
    submit: (sessionId, text, settled, inboundId) =>
      parts.conversation.acceptMessage(
        sessionId,
        text,
        undefined,
        settled,
        inboundId === undefined ? undefined : storedMessageId(sessionId, inboundId),
      ),
    command: (sessionId, text, channel) => parts.commands.run(sessionId, text, channel),
    createSession: (mode, title) => {
      const session = parts.sessions.create(mode);
      parts.sessions.rename(session.id, title);
      return session.id;
    },
    sessionExists: (sessionId) => parts.sessions.find(sessionId) !== undefined,
    decide: (actionId, decision, via, sessionId) =>
      parts.approvals.decide(actionId, decision, via, sessionId),
  };
}

/** The session message id of a channel message: the same for every delivery of it into the same session. */
export function storedMessageId(sessionId: string, inboundId: string): string {
  return `m_ch_${sha256Hex(`${sessionId}\u0000${inboundId}`).slice(0, 32)}`;
}
