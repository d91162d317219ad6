/** Plain-text and Markdown renderings of sessions for slash commands and export. */
import type { MessageRecord, SessionRecord } from "../store/session_types.ts";

export function formatSessions(sessions: SessionRecord[]): string {
  if (sessions.length === 0) return "No sessions";
  return sessions.map((session) =>
    `${session.id}  ${session.mode === "otr" ? "[OTR] " : ""}${session.title || "(untitled)"}  ` +
    `${session.message_count} messages, ${new Date(session.updated_at).toISOString()}`
  ).join("\n");
}

export function formatHistory(messages: MessageRecord[]): string {
  if (messages.length === 0) return "No messages yet";
  return messages.map((message) => {
    const text = message.content.replace(/\s+/g, " ").slice(0, 200);
    const calls = message.tool_calls?.length
      ? ` [calls: ${message.tool_calls.map((call) => call.name).join(", ")}]`
      : "";
    return `${message.role}${message.name ? ` (${message.name})` : ""}: ${text}${calls}`;
  }).join("\n");
}

export function exportMarkdown(session: SessionRecord, messages: MessageRecord[]): string {
  const lines = [
    `# ${session.title || "Untitled session"}`,
    "",
    `Session ${session.id}, exported ${new Date().toISOString()}`,
    "",
  ];
  for (const message of messages) {
    if (message.role === "tool") {
      lines.push(
        `> **${message.name ?? "tool"} result**`,
        "",
        "```",
        message.content.slice(0, 4000),
        "```",
        "",
      );
      continue;
    }
    lines.push(`## ${message.role === "user" ? "User" : "Assistant"}`, "", message.content, "");
    for (const call of message.tool_calls ?? []) {
      lines.push(`- called \`${call.name}\` with \`${call.arguments}\``);
    }
    if (message.tool_calls?.length) lines.push("");
  }
  return lines.join("\n");
}
