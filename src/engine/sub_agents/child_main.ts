/** Entry point of a sub-agent child process (started by child_process.ts with narrow permission flags): reads
 * its task from stdin, runs the agent loop, proposes every tool call to the engine over stdout. Exits as soon as
 * stdin closes, so a child never outlives the engine that started it, however the engine ended. */
import type { LanguageModel, ModelEntry, ProviderDeps } from "../../providers/types.ts";
import { type ChildPort, runChildLoop } from "./child_loop.ts";
import {
  type ChildMessage,
  encodeLine,
  type ParentMessage,
  readLines,
  type StartMessage,
} from "./protocol.ts";

const KEY_NAME = "PARAPET_SUB_AGENT_KEY";

/** Only the provider the child talks to is loaded: a child starts faster than with all four. */
const PROVIDERS: Record<
  ModelEntry["provider"],
  () => Promise<(entry: ModelEntry, deps: ProviderDeps) => LanguageModel>
> = {
  openai: () =>
    import("../../providers/openai/openai_language_model.ts").then((m) => m.createOpenAiLanguageModel),
  anthropic: () =>
    import("../../providers/anthropic/anthropic_language_model.ts").then((m) =>
      m.createAnthropicLanguageModel
    ),
  google: () =>
    import("../../providers/google/google_language_model.ts").then((m) => m.createGoogleLanguageModel),
  ollama: () =>
    import("../../providers/ollama/ollama_language_model.ts").then((m) => m.createOllamaLanguageModel),
};
const encoder = new TextEncoder();

function send(message: ChildMessage): void {
  const bytes = encoder.encode(encodeLine(message));
  let written = 0;
  while (written < bytes.length) written += Deno.stdout.writeSync(bytes.subarray(written));
}

class Inbox {
  readonly messages: string[] = [];
  private readonly waiting = new Map<string, (result: { content: string; isError: boolean }) => void>();
  private startResolve!: (message: StartMessage) => void;
  readonly started = new Promise<StartMessage>((resolve) => this.startResolve = resolve);

  async pump(): Promise<void> {
    for await (const line of readLines(Deno.stdin.readable)) {
      // The engine is this process's only peer: its lines are trusted, only their shape is checked.
      const message = parseParentLine(line);
      if (!message) continue;
      if (message.type === "start") this.startResolve(message);
      else if (message.type === "message") this.messages.push(message.content);
      else {
        const resolve = this.waiting.get(message.call_id);
        this.waiting.delete(message.call_id);
        resolve?.({ content: message.content, isError: message.is_error });
      }
    }
  }

  result(callId: string): Promise<{ content: string; isError: boolean }> {
    return new Promise((resolve) => this.waiting.set(callId, resolve));
  }
}

function parseParentLine(line: string): ParentMessage | undefined {
  try {
    const value = JSON.parse(line);
    return value && typeof value.type === "string" ? value as ParentMessage : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const inbox = new Inbox();
  // The engine closing our stdin (it stopped, crashed or was killed) ends this process at once.
  inbox.pump().then(() => Deno.exit(0), () => Deno.exit(1));
  const start = await inbox.started;
  const entry: ModelEntry = { ...start.model, api_key_env: start.api_key ? KEY_NAME : undefined };
  const create = await PROVIDERS[entry.provider]();
  const model = create(entry, {
    fetch,
    env: (name) => name === KEY_NAME ? start.api_key : undefined,
  });
  const port: ChildPort = {
    send,
    runTool: (callId) => inbox.result(callId),
    takeMessages: () => inbox.messages.splice(0),
  };
  send({ type: "ready" });
  await runChildLoop({
    model,
    systemPrompt: start.system_prompt,
    task: start.task,
    tools: start.tools,
    maxRounds: start.max_rounds,
    maxResponseTokens: start.max_response_tokens,
  }, port);
  Deno.exit(0);
}

if (import.meta.main) {
  main().catch((error) => {
    send({ type: "failed", code: "CHILD_CRASHED", message: String((error as Error)?.message ?? error) });
    Deno.exit(1);
  });
}
