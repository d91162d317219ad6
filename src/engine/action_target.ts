/** What an action touches, in one line: for Tier 3 prompts, audit targets and channel approvals. */
import { sha256Hex } from "../lib/sha256.ts";

const TARGET_FIELDS = [
  "command",
  "path",
  "source",
  "url",
  "to",
  // Who an invitation, update or cancellation reaches.
  "attendees",
  "destination",
  "task",
  "remote",
  "query",
  "id",
  "title",
];

export function targetOf(toolName: string, args: Record<string, unknown>): string {
  for (const field of TARGET_FIELDS) {
    const value = args[field];
    if (typeof value === "string" && value) return value.slice(0, 500);
    if (Array.isArray(value) && value.length > 0) return value.map(String).join(", ").slice(0, 500);
  }
  return toolName;
}

export function argumentsHash(rawArguments: string): string {
  return sha256Hex(rawArguments);
}
