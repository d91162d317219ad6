/** Outgoing text padded so part of it falls out of view: a long run of blanks inside one line, after which the
 * payload follows (the WhatsApp MCP exfiltration hid a chat history past the edge of the approval dialog). */

import type { Findings } from "./findings.ts";

const PADDING = /[^\s][ \t\u00a0\u2000-\u200b\u3000\u2800\u3164\u115f\u1160\u180e]{48,}\s{0,8}[^\s]/;
/** Round 27: the same done with blank lines (twelve or more line breaks between two parts of one message). */
const BLANK_LINES = /[^\s](?:[ \t\u00a0]*\r?\n){12,}\s*[^\s]/;

export function judgePaddedText(tool: string, text: string, findings: Findings): void {
  if (text.length < 14 || text.length > 64 * 1024) return;
  if (PADDING.test(text) || BLANK_LINES.test(text)) {
    findings.escalate("message", `"${tool}" pads its text so part of it is out of view`);
  }
}
