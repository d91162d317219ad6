/** Parapet-format conversations whose vendor request bodies are recorded under fixtures/. */

import type { ChatMessage, ToolSpec } from "../../../src/providers/types.ts";

export const READ_FILE_TOOL: ToolSpec = {
  name: "read_file",
  description: "Read a file in the workspace",
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
};

/** Matches fixtures/openai/request_tool_history.json. */
export const OPENAI_HISTORY: ChatMessage[] = [
  { role: "system", content: "You are Parapet." },
  { role: "user", content: "What is in notes.md?" },
  {
    role: "assistant",
    content: "",
    tool_calls: [{
      id: "call_DdmO9pD3xa9XTPNJ32zg2hcA",
      name: "read_file",
      arguments: '{"path": "notes.md"}',
    }],
  },
  { role: "tool", tool_call_id: "call_DdmO9pD3xa9XTPNJ32zg2hcA", name: "read_file", content: "buy milk" },
  { role: "assistant", content: "It says: buy milk." },
  { role: "user", content: "Thanks" },
];

/** Matches fixtures/anthropic/request_tool_history.json: two system prompts, parallel calls, results merged. */
export const ANTHROPIC_HISTORY: ChatMessage[] = [
  { role: "system", content: "You are Parapet." },
  { role: "user", content: "Read notes.md and list the folder" },
  { role: "system", content: "Be brief." },
  {
    role: "assistant",
    content: "Okay, let me read the file.",
    tool_calls: [
      { id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "read_file", arguments: '{"path": "notes.md"}' },
      { id: "toolu_01BqkUgbHWFzpGbDTr4yAjAL", name: "list_directory", arguments: "not json" },
    ],
  },
  { role: "tool", tool_call_id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "read_file", content: "buy milk" },
  {
    role: "tool",
    tool_call_id: "toolu_01BqkUgbHWFzpGbDTr4yAjAL",
    name: "list_directory",
    content: "notes.md\ntodo.md",
  },
  { role: "user", content: "And now?" },
];

/** Matches fixtures/google/request_tool_history.json. */
export const GOOGLE_HISTORY: ChatMessage[] = [
  { role: "system", content: "You are Parapet." },
  { role: "user", content: "Read notes.md" },
  {
    role: "assistant",
    content: "I will read it now.",
    tool_calls: [
      {
        id: "gen_1",
        name: "read_file",
        arguments: '{"path":"notes.md"}',
        signature: "CiQB0e2Kb7Pj0bpk2LvJ0ZJZgNRm6xDqLJtW8kbkL0X8MXO0ZWcKaQHR",
      },
      { id: "gen_2", name: "list_directory", arguments: "{}" },
    ],
  },
  { role: "tool", tool_call_id: "gen_1", name: "read_file", content: "buy milk" },
  { role: "tool", tool_call_id: "gen_2", name: "list_directory", content: '{"entries":["notes.md"]}' },
  { role: "assistant", content: "It says: buy milk." },
  { role: "user", content: "Thanks" },
];
