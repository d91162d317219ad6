/** The real engine (supervisor + engine processes) with one channel enabled against a fake platform server, the
 * scripted LLM, and the test policy whose writes under approve-me/ need a human (Tier 3). */
import { parse, stringify } from "yaml";
import { DEFAULT_POLICY_YAML } from "../../src/shield/mod.ts";
import { type FakeLlm, type ScriptStep, startFakeLlm } from "../support/fake_llm.ts";
import { startTestEngine, type TestEngine } from "../support/engine_harness.ts";
import { POLICY_FILE, TEST_RULES } from "./shield_e2e_support.ts";

export { until } from "./channels_driver.ts";

export interface ChannelEngineRig {
  llm: FakeLlm;
  engine: TestEngine;
  /** Replies of the chat model, in order; then `fallback`. */
  script(steps: ScriptStep[], fallback?: ScriptStep): void;
  /** Chat requests the engine made to the LLM so far. */
  chatRequests(): number;
  auditEvents(): Promise<{ event: string; details: Record<string, unknown>; session_id: string }[]>;
  api(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function startChannelEngine(
  channels: Record<string, unknown>,
  env: Record<string, string>,
): Promise<ChannelEngineRig> {
  const root = await Deno.makeTempDir({ prefix: "parapet-channels-e2e-" });
  const llm = await startFakeLlm();
  const policy = parse(DEFAULT_POLICY_YAML) as { rules: unknown[] };
  policy.rules.push(...TEST_RULES);
  await Deno.mkdir(`${root}/policies`, { recursive: true });
  await Deno.writeTextFile(`${root}/${POLICY_FILE}`, stringify(policy));
  let engine: TestEngine;
  try {
    engine = await startTestEngine({
      llmUrl: llm.url,
      root,
      env,
      config: { channels, shield: { policy_file: POLICY_FILE } },
    });
  } catch (error) {
    await llm.close();
    await Deno.remove(root, { recursive: true }).catch(() => {});
    throw error;
  }
  const api = (path: string, init?: RequestInit) => fetch(`${engine.url}${path}`, init);
  return {
    llm,
    engine,
    script(steps, fallback = { text: "Nothing more to do." }) {
      const queue = [...steps];
      llm.setFallback(() => queue.shift() ?? fallback);
    },
    chatRequests: () => llm.requests.filter((request) => request.path.endsWith("/chat/completions")).length,
    async auditEvents() {
      const page = await (await api("/api/audit?lines=1000")).json();
      return page.entries;
    },
    api,
    async close() {
      await engine.stop();
      await llm.close();
      await Deno.remove(root, { recursive: true }).catch(() => {});
    },
  };
}

/** The newest session of a platform's chats (sessions are titled "Telegram chat 1001" and so on). */
export async function chatSession(rig: ChannelEngineRig, platform: string): Promise<string> {
  const title = `${platform.charAt(0).toUpperCase()}${platform.slice(1)} chat `;
  const sessions = await (await rig.api("/api/sessions")).json() as { id: string; title: string }[];
  const found = sessions.find((session) => session.title?.startsWith(title));
  if (!found) throw new Error(`No session titled "${title}…" among ${JSON.stringify(sessions)}`);
  return found.id;
}

export async function sessionMessages(
  rig: ChannelEngineRig,
  sessionId: string,
): Promise<{ role: string; content: string }[]> {
  return await (await rig.api(`/api/sessions/${sessionId}/messages`)).json();
}

/** The last user message of a chat request the engine sent to the LLM. */
// deno-lint-ignore no-explicit-any
export function lastUserText(request: { body: any }): string {
  const messages = (request.body?.messages ?? []) as { role: string; content: unknown }[];
  return String(messages.filter((message) => message.role === "user").at(-1)?.content ?? "");
}
