/** The email tool group: IMAP reads (list, search, read), mailbox changes (mark, move) and SMTP sending. */
import type { AnyTool } from "../types.ts";
import { withOsErrorsAsToolErrors } from "../files.ts";
import { emailListTool, emailReadTool, emailSearchTool } from "./email_read_tools.ts";
import { emailMarkTool, emailMoveTool } from "./email_change_tools.ts";
import { sendEmailTool } from "./send_email_tool.ts";
import type { EmailToolOptions } from "./email_tool_options.ts";

export type { EmailToolOptions } from "./email_tool_options.ts";

export function createEmailTools(options: EmailToolOptions): AnyTool[] {
  return [
    emailListTool(options),
    emailSearchTool(options),
    emailReadTool(options),
    emailMarkTool(options),
    emailMoveTool(options),
    // Attachments are files: a vanished or unreadable one is a tool error, not a crash.
    withOsErrorsAsToolErrors(sendEmailTool(options)),
  ];
}
