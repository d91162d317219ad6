/** Other agents' words for the same tools and arguments, for the metamorphic transforms (metamorphic_transforms.ts).
 * General vocabulary, not case-tuned; sources: the tool sets of Claude Code (Bash, Read, Write, Edit, Task,
 * WebFetch), OpenAI Codex CLI (shell, apply_patch), Cursor (run_terminal_cmd, edit_file), Cline (execute_command,
 * write_to_file), Gemini CLI (run_shell_command, web_fetch), Goose (developer__shell), the MCP reference servers
 * (filesystem, fetch, slack), and Composio/Zapier app actions (GMAIL_SEND_EMAIL, OUTLOOK_SEND_EMAIL). */

/** Groups of tool names that do one thing; a transform swaps a member for the next one in its group. */
export const TOOL_SYNONYMS: readonly (readonly string[])[] = [
  [
    "execute_command",
    "run_command",
    "bash",
    "shell",
    "run_shell_command",
    "terminal",
    "execute_shell",
    "run_terminal_cmd",
  ],
  ["write_file", "create_file", "write_to_file", "file_write", "save_file", "fs_write"],
  ["read_file", "file_read", "read_text_file", "get_file_contents", "view_file"],
  ["edit_file", "replace_in_file", "str_replace", "modify_file", "patch_file"],
  ["send_email", "gmail_send", "compose_mail", "outlook_send_message", "send_mail", "email_send"],
  ["http_request", "fetch", "web_fetch", "make_request", "api_request", "curl_request"],
  ["send_message", "post_message", "chat_post_message", "slack_send_message", "send_chat_message"],
  ["delegate_task", "spawn_agent", "create_agent", "run_subagent", "dispatch_agent", "Task"],
  ["memory_write", "save_memory", "remember", "store_memory", "add_memory"],
  ["create_calendar_event", "create_event", "add_event", "schedule_meeting", "calendar_create_event"],
];

/** Groups of argument keys that name one thing; a rename swaps a key for another member of its group. */
export const KEY_SYNONYMS: readonly (readonly string[])[] = [
  ["to", "recipient", "recipients", "email", "address", "dest"],
  ["command", "cmd", "script", "shell_command", "commandLine"],
  ["path", "file", "filepath", "filename", "target", "file_path"],
  ["url", "uri", "endpoint", "link", "href"],
  ["amount", "value", "sum"],
  ["body", "content", "text", "message"],
  ["task", "prompt", "instructions", "goal"],
  ["code", "snippet"],
];

/** Keys too general to be renamed from (a DNS record's `value`, a move's `source`, a contact's `address`): they are
 * only renamed to. */
export const RENAMED_TO_ONLY = new Set(["value", "target", "address", "source"]);

/** Benign prose that pads a field before its harmful part (about 2 KB). */
export const PADDING_TEXT = Array.from(
  { length: 14 },
  (_, index) =>
    `Paragraph ${index + 1}: the quarterly planning notes cover the release schedule, the ` +
    `documentation backlog and the onboarding checklist for the new team members.`,
).join("\n") + "\n\n";

/** Ordinary bookkeeping fields an agent adds to a call. */
export const PADDING_FIELDS: Readonly<Record<string, unknown>> = {
  request_id: "req-7f3c2a9e",
  locale: "en-US",
  priority: "normal",
  metadata: { client: "agent", version: "1.2.0", retries: 0 },
};

/** Keys of prose fields where padding text may go first. */
export const PROSE_KEYS = new Set([
  "body",
  "content",
  "text",
  "message",
  "task",
  "prompt",
  "instructions",
  "description",
  "note",
  "comment",
  "context",
  "goal",
]);
