/** Scripting the fake LLM for a parent agent and its sub-agents at once: requests are told apart by the
 * sub-agent system prompt, and each child is answered from its task text. */
import type { RecordedRequest, ScriptStep } from "../support/fake_llm.ts";

export const SUB_AGENT_MARKER = "You are a sub-agent";

interface ChatMessage {
  role: string;
  content: string | null;
  tool_calls?: { function: { name: string; arguments: string } }[];
}

export function messagesOf(request: RecordedRequest): ChatMessage[] {
  return (request.body?.messages ?? []) as ChatMessage[];
}

export function isChild(request: RecordedRequest): boolean {
  return String(messagesOf(request)[0]?.content ?? "").includes(SUB_AGENT_MARKER);
}

/** The child's task: its first user message. */
export function taskOf(request: RecordedRequest): string {
  return String(messagesOf(request).find((message) => message.role === "user")?.content ?? "");
}

/** Tool results the request carries (oldest first). */
export function toolResults(request: RecordedRequest): string[] {
  return messagesOf(request).filter((message) => message.role === "tool").map((message) =>
    String(message.content)
  );
}

/** Sub-agent ids from the create_agent results in the conversation. */
export function createdIds(request: RecordedRequest): string[] {
  return toolResults(request).flatMap((text) => {
    try {
      const value = JSON.parse(text);
      return typeof value?.id === "string" && value.id.startsWith("sa_") && value.state ? [value.id] : [];
    } catch {
      return [];
    }
  });
}

/** Routes each request to the parent's or a child's script. */
export function router(
  parent: (request: RecordedRequest) => ScriptStep,
  child: (request: RecordedRequest) => ScriptStep,
): (request: RecordedRequest) => ScriptStep {
  return (request) => isChild(request) ? child(request) : parent(request);
}

/** Waits until `check` holds (polling), failing with `what` after a while. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
): Promise<T> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
