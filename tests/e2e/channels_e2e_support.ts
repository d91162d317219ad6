/** The real engine (supervisor + engine processes) with one channel enabled against a fake platform server, the
 * scripted LLM, and the test policy whose writes under approve-me/ need a human (Tier 3). */
import { parse, stringify } from "yaml";
import { DEFAULT_POLICY_YAML } from "../../src/shield/mod.ts";
import { type FakeLlm, type ScriptStep, startFakeLlm } from "../support/fake_llm.ts";
import { startTestEngine, type TestEngine } from "../support/engine_harness.ts";
import { POLICY_FILE, TEST_RULES } from "./shield_e2e_support.ts";

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

export async function until<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
