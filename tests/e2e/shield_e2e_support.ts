/** Shared set-up for Shield end-to-end tests: the real engine, a scripted fake chat LLM, an optional Tier 2
 * judge (on the same fake LLM or its own), a custom policy file beside config.yaml, and turn helpers. */
import { parse, stringify } from "yaml";
import { DEFAULT_POLICY_YAML } from "../../src/shield/mod.ts";
import { type FakeLlm, type RecordedRequest, type ScriptStep, startFakeLlm } from "../support/fake_llm.ts";
import { delay, startTestEngine, type TestEngine } from "../support/engine_harness.ts";
import { type EventRecord, WsClient } from "../support/ws_client.ts";
import { assert, assertEquals } from "../support/assert.ts";

export const JUDGE_MODEL = "judge-model";
export const POLICY_FILE = "policies/shield_test.yaml";

/** Policy rules appended to the default preset: one Tier 2 escalation, one Tier 3 escalation. */
export const TEST_RULES = [
  {
    name: "judge-me",
    action: "escalate",
    tools: ["execute_command"],
    commands: ["^echo judge-me"],
    tier: 2,
    reason: "test",
  },
  {
    name: "ask-human",
    action: "escalate",
    tools: ["write_file"],
    paths: ["approve-me/**"],
    tier: 3,
    reason: "a human decides",
  },
];

export interface ShieldRigOptions {
  config?: Record<string, unknown>;
  /** Write the default policy plus TEST_RULES to POLICY_FILE and point shield.policy_file at it. */
  testPolicy?: boolean;
  /** "same": roles.shield is a second model entry on the chat fake LLM; "separate": on its own fake LLM. */
  judge?: "same" | "separate";
}

export interface ShieldRig {
  llm: FakeLlm;
  /** The fake LLM serving the judge (the chat one when judge is "same"). */
  judgeLlm: FakeLlm;
  engine: TestEngine;
  /** The agent's workspace (config.yaml and the policy sit in engine.root, beside it). */
  workspace: string;
  newSession(): Promise<string>;
  connect(sessionId: string): Promise<WsClient>;
  /** Chat steps answered in order; judge requests are answered by `judge` instead. */
  script(steps: ScriptStep[], judge?: (request: RecordedRequest) => ScriptStep): void;
  judgeRequests(): RecordedRequest[];
  status(): Promise<Record<string, unknown>>;
  messages(sessionId: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function startShieldRig(options: ShieldRigOptions = {}): Promise<ShieldRig> {
  const root = await Deno.makeTempDir({ prefix: "parapet-shield-e2e-" });
  const llm = await startFakeLlm();
  const judgeLlm = options.judge === "separate" ? await startFakeLlm() : llm;
  const clients: WsClient[] = [];
  let engine: TestEngine | undefined;
  const close = async () => {
    await Promise.all(clients.map((client) => client.close()));
    await engine?.stop();
    await llm.close();
    if (judgeLlm !== llm) await judgeLlm.close();
    await Deno.remove(root, { recursive: true }).catch(() => {});
  };
  try {
    const config = structuredClone(options.config ?? {});
    if (options.testPolicy) {
      await writeTestPolicy(root);
      config.shield = { ...(config.shield as object), policy_file: POLICY_FILE };
    }
    if (options.judge) {
      config.models = [
        {
          name: "fake",
          provider: "openai",
          model: "fake-model",
          base_url: llm.url,
          api_key_env: "FAKE_LLM_KEY",
        },
        {
          name: "judge",
          provider: "openai",
          model: JUDGE_MODEL,
          base_url: judgeLlm.url,
          api_key_env: "FAKE_LLM_KEY",
        },
      ];
      config.roles = { chat: "fake", shield: "judge" };
    }
    engine = await startTestEngine({ llmUrl: llm.url, config, root });
  } catch (error) {
    await close();
    throw error;
  }
  const url = engine.url;
  return {
    llm,
    judgeLlm,
    engine,
    workspace: engine.workspace,
    async newSession() {
      const response = await fetch(`${url}/api/sessions`, {
        method: "POST",
        body: JSON.stringify({ mode: "normal" }),
      });
      return (await response.json()).id;
    },
    async connect(sessionId) {
      const client = await WsClient.connectWithKey(engine.wsUrl, sessionId);
      clients.push(client);
      return client;
    },
    script(steps, judge = () => ({ status: 500 })) {
      const queue = [...steps];
      llm.setFallback((request) =>
        isJudge(request) ? judge(request) : queue.shift() ?? { text: "Nothing more to do." }
      );
      if (judgeLlm !== llm) judgeLlm.setFallback(judge);
    },
    judgeRequests: () => judgeLlm.requests.filter(isJudge),
    status: async () => await (await fetch(`${url}/api/status`)).json(),
    messages: async (sessionId) => await (await fetch(`${url}/api/sessions/${sessionId}/messages`)).json(),
    close,
  };
}

function isJudge(request: RecordedRequest): boolean {
  return request.path.endsWith("/chat/completions") && request.body?.model === JUDGE_MODEL;
}

async function writeTestPolicy(root: string): Promise<void> {
  const policy = parse(DEFAULT_POLICY_YAML) as { rules: unknown[] };
  policy.rules.push(...TEST_RULES);
  await Deno.mkdir(`${root}/policies`, { recursive: true });
  await Deno.writeTextFile(`${root}/${POLICY_FILE}`, stringify(policy));
}

/** The canary the Tier 2 prompt asks to be echoed back. */
export function canaryOf(request: RecordedRequest): string {
  const system = request.body.messages.find((message: { role: string }) => message.role === "system");
  const match = /"canary": "([0-9a-f]+)"/.exec(String(system?.content ?? ""));
  assert(match, "the Tier 2 system prompt carries a canary");
  return match[1];
}

/** A judge answering `decision` with the right canary, a wrong one, or none. */
export function judge(decision: string, canary: "right" | "wrong" | "missing" = "right") {
  return (request: RecordedRequest): ScriptStep => {
    const answer: Record<string, unknown> = { decision, confidence: 0.9, reason: `judged ${decision}` };
    if (canary === "right") answer.canary = canaryOf(request);
    if (canary === "wrong") answer.canary = "0123456789abcdef0123456789abcdef";
    return { text: [JSON.stringify(answer)] };
  };
}

/** One chat step per tool call, then a closing text. */
export function toolSteps(...calls: { name: string; arguments: object; text?: string }[]): ScriptStep[] {
  return [
    ...calls.map((call) => ({
      toolCalls: [{ name: call.name, arguments: call.arguments }],
      text: call.text,
    })),
    { text: "Turn finished." },
  ];
}

/** Sends a message and waits for the turn to end; returns the turn's events without tokens and log entries. */
export async function runTurn(client: WsClient, sessionId: string, content: string): Promise<EventRecord[]> {
  client.clear();
  client.send({ type: "message", session_id: sessionId, content });
  await client.waitFor("response_complete");
  return turnEvents(client);
}

export function turnEvents(client: WsClient): EventRecord[] {
  return client.events.filter((event) => event.type !== "log_entry" && event.type !== "llm_token");
}

export function types(events: EventRecord[]): string[] {
  return events.map((event) => event.type);
}

/** Checks one tool call's verdict and completion, and returns the verdict data. */
export function assertVerdict(
  events: EventRecord[],
  index: number,
  expected: { decision: string; tier: number; reason?: string; tierResults?: unknown[]; result?: string },
): Record<string, unknown> {
  const started = events.filter((event) => event.type === "action_started")[index].data!;
  const verdict = events.filter((event) => event.type === "shield_verdict")[index].data!;
  const completed = events.filter((event) => event.type === "action_completed")[index].data!;
  assertEquals(Object.keys(verdict).sort(), ["action_id", "decision", "reason", "tier", "tier_results"]);
  assertEquals(verdict.action_id, started.action_id);
  assertEquals(verdict.decision, expected.decision);
  assertEquals(verdict.tier, expected.tier);
  if (expected.reason !== undefined) assertEquals(verdict.reason, expected.reason);
  if (expected.tierResults !== undefined) assertEquals(verdict.tier_results, expected.tierResults);
  for (const result of verdict.tier_results as Record<string, unknown>[]) {
    assertEquals(Object.keys(result).sort(), ["decision", "reason", "tier"]);
  }
  assertEquals(completed.action_id, started.action_id);
  assertEquals(completed.tool_name, started.tool_name);
  if (expected.decision === "ALLOW") {
    assertEquals(completed.is_error, false);
  } else {
    assertEquals(completed.is_error, true);
    assertEquals(
      completed.result,
      expected.result ?? `Blocked by Shield (tier ${expected.tier}): ${verdict.reason}`,
    );
  }
  return verdict;
}

export async function assertMissing(path: string): Promise<void> {
  const exists = await Deno.stat(path).then(() => true, () => false);
  assert(!exists, `"${path}" must not exist`);
}

/** The tool results the engine sent back to the model, in order. */
export function toolResultsSent(llm: FakeLlm): string[] {
  const last = llm.requests.filter((request) => !isJudge(request) && request.body?.messages).at(-1);
  return last!.body.messages.filter((message: { role: string }) => message.role === "tool")
    .map((message: { content: string }) => message.content);
}

/** Polls the session's messages until the turn's closing text is stored (used when no client is connected). */
export async function waitForStoredReply(rig: ShieldRig, sessionId: string, text: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const messages = await rig.messages(sessionId);
    if (messages.some((message) => message.role === "assistant" && message.content === text)) return messages;
    await delay(100);
  }
  throw new Error(`Session "${sessionId}" never stored the reply "${text}"`);
}

/** The first event of any of `wanted` types, already received or future. */
export async function firstOf(client: WsClient, wanted: string[]): Promise<EventRecord> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const found = client.events.find((event) => wanted.includes(event.type));
    if (found) return found;
    await delay(50);
  }
  throw new Error(`None of ${wanted.join(", ")} arrived; got: ${types(client.events).join(", ")}`);
}

/** Audit entries through the REST endpoint, which flushes pending appends first. */
export async function auditEntries(rig: ShieldRig): Promise<Record<string, unknown>[]> {
  const page = await (await fetch(`${rig.engine.url}/api/audit?lines=1000`)).json();
  assertEquals(page.chain_valid, true);
  return page.entries;
}
