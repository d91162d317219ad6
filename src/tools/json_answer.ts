/** Tools whose answer is a value the engine already holds (sub-agents, schedules): the value as indented JSON. */
import type { ToolResult } from "./types.ts";

/** A value as the tools show it: JSON indented by one space. */
export function indentedJson(value: unknown): string {
  return JSON.stringify(value, null, 1);
}

/** The work's answer as the tool's output; a throw (a ToolError) becomes a rejection. */
export function jsonAnswer(work: () => unknown): Promise<ToolResult> {
  try {
    return Promise.resolve({ output: indentedJson(work()), isError: false });
  } catch (error) {
    return Promise.reject(error);
  }
}
