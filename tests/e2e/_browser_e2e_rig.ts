/** The real engine in-process with the scripted LLM and the test page server, "localhost" allowed for the browser
 * (so 127.0.0.1 stays refused): runs one chat turn whose tool calls the test scripts, and records its events. */
import * as path from "node:path";
import { stringify } from "yaml";
import { startEngine } from "../../src/app/start.ts";
import { testConfig } from "../support/engine_harness.ts";
import { type FakeLlm, type ScriptStep, startFakeLlm } from "../support/fake_llm.ts";
import { type PageServer, startPageServer } from "../support/page_server.ts";
import { type EventRecord, WsClient } from "../support/ws_client.ts";

export interface BrowserE2eRig {
  url: string;
  workspace: string;
  llm: FakeLlm;
  pages: PageServer;
  /** Sends `content` in a new session with the model scripted by `steps`; resolves when the turn ended. */
  turn(content: string, steps: ScriptStep[]): Promise<{ sessionId: string; events: EventRecord[] }>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startBrowserE2eRig(
  config: Record<string, unknown> = {},
  prepare?: (workspace: string) => Promise<void>,
): Promise<BrowserE2eRig> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet-browser-e2e-" }));
  const workspace = path.join(root, "workspace");
  await Deno.mkdir(workspace);
  await prepare?.(workspace);
  const llm = await startFakeLlm();
  const pages = startPageServer();
  Deno.env.set("FAKE_LLM_KEY", "test-key");
  const configPath = path.join(root, "config.yaml");
  await Deno.writeTextFile(
    configPath,
    stringify(testConfig({ llmUrl: llm.url, config: { workspace, ...config } })),
  );
  const engine = await startEngine({ configPath, port: 0, stderrLogs: false, httpAllowHosts: ["localhost"] });
  const clients: WsClient[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(clients.map((client) => client.close()));
    await engine.stop();
  };
  return {
    url: engine.url,
    workspace,
    llm,
    pages,
    async turn(content, steps) {
      const response = await fetch(`${engine.url}/api/sessions`, { method: "POST", body: "{}" });
      const { id } = await response.json();
      const client = await WsClient.connect(`${engine.url.replace("http", "ws")}/api/ws`, id);
      clients.push(client);
      llm.enqueue(...steps);
      client.send({ type: "message", session_id: id, content });
      await client.waitFor("response_complete", () => true, 90_000);
      return { sessionId: id, events: client.events };
    },
    stop,
    async close() {
      await stop();
      await llm.close();
      await pages.close();
      await Deno.remove(root, { recursive: true });
    },
  };
}

/** The completed actions of a turn, in order: tool name, whether it failed, and the text the model got. */
export function completedActions(events: EventRecord[]) {
  return events.filter((event) => event.type === "action_completed").map((event) => ({
    tool: String(event.data?.tool_name),
    isError: event.data?.is_error === true,
    result: String(event.data?.result ?? ""),
  }));
}
