/** The engine's doors as the channel manager sees them: the same conversation, slash commands, sessions and
 * approval registry a WebSocket client reaches through the hub. */
import type { ApprovalRegistry } from "../engine/approvals.ts";
import type { CommandRunner, Conversation } from "../engine/conversation.ts";
import type { SessionService } from "../engine/session_service.ts";
import type { ChannelEngine } from "./engine_port.ts";

export interface BridgeParts {
  conversation: Conversation;
  commands: CommandRunner;
  sessions: SessionService;
  approvals: ApprovalRegistry;
}

export function engineBridge(parts: BridgeParts): ChannelEngine {
  return {
    submit: (sessionId, text, settled) =>
      parts.conversation.acceptMessage(sessionId, text, undefined, settled),
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
