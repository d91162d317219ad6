/** Shared set-up for agent end-to-end tests: a fake LLM, the real engine pointed at it, and a session. */
import { type FakeLlm, startFakeLlm } from "../support/fake_llm.ts";
import { type HarnessOptions, startTestEngine, type TestEngine } from "../support/engine_harness.ts";
import { WsClient } from "../support/ws_client.ts";

export interface AgentRig {
  llm: FakeLlm;
  engine: TestEngine;
  newSession(mode?: "normal" | "otr"): Promise<string>;
  connect(sessionId: string): Promise<WsClient>;
  messages(sessionId: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function startAgentRig(options: Omit<HarnessOptions, "llmUrl"> = {}): Promise<AgentRig> {
  const llm = await startFakeLlm();
  const engine = await startTestEngine({ ...options, llmUrl: llm.url });
  const clients: WsClient[] = [];
  return {
    llm,
    engine,
    async newSession(mode = "normal") {
      const response = await fetch(`${engine.url}/api/sessions`, {
        method: "POST",
        body: JSON.stringify({ mode }),
      });
      return (await response.json()).id;
    },
    async connect(sessionId) {
      const client = await WsClient.connectWithKey(engine.wsUrl, sessionId);
      clients.push(client);
      return client;
    },
    async messages(sessionId) {
      return await (await fetch(`${engine.url}/api/sessions/${sessionId}/messages`)).json();
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await engine.stop();
      await llm.close();
    },
  };
}

/** Event types of one turn in order, without log_entry noise. */
export function turnTypes(client: WsClient): string[] {
  return client.events.filter((event) => event.type !== "log_entry").map((event) => event.type);
}
