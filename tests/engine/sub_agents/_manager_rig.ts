/** A sub-agent manager over a real SQLite store and session service, with fake children and a recording tool
 * runner, for the manager's unit tests. */
import { SubAgentManager } from "../../../src/engine/sub_agents/sub_agent_manager.ts";
import type { SubAgentLimits, ToolRunner } from "../../../src/engine/sub_agents/sub_agent_ports.ts";
import { SessionService } from "../../../src/engine/session_service.ts";
import { SqliteSessionStore } from "../../../src/store/sqlite_session_store.ts";
import { OtrSessionStore } from "../../../src/store/otr_session_store.ts";
import { closeDatabase, type Database, openDatabase } from "../../../src/store/database.ts";
import { SubAgentStore } from "../../../src/store/sub_agent_store.ts";
import type { ServerEvent as PipelineEvent } from "../../../src/protocol/server_events.ts";
import { silentLogger } from "../../../src/log/logger.ts";
import { FakeSpawner } from "../../support/fake_sub_agent_child.ts";

export interface ManagerRig {
  manager: SubAgentManager;
  spawner: FakeSpawner;
  sessions: SessionService;
  store: SubAgentStore;
  db: Database;
  events: PipelineEvent[];
  audit: { event: string; sessionId: string; details: Record<string, unknown> }[];
  calls: Parameters<ToolRunner["run"]>[];
  limits: SubAgentLimits;
  /** Answer given to every tool call (default: an ALLOWed success). */
  answer: { content: string; isError: boolean };
  /** A fresh manager over the same database (an engine restart). */
  restart(): SubAgentManager;
  close(): Promise<void>;
}

export async function managerRig(limits: Partial<SubAgentLimits> = {}): Promise<ManagerRig> {
  const dir = await Deno.makeTempDir({ prefix: "parapet-subagents-" });
  const db = openDatabase(`${dir}/engine.db`);
  const clock = { now: () => Date.now() };
  const sessions = new SessionService(new SqliteSessionStore(db), new OtrSessionStore(), clock);
  const store = new SubAgentStore(db);
  const spawner = new FakeSpawner();
  const events: PipelineEvent[] = [];
  const audit: ManagerRig["audit"] = [];
  const calls: ManagerRig["calls"] = [];
  const rig = {
    limits: {
      maxConcurrent: 10,
      timeoutSeconds: 900,
      maxRounds: 20,
      maxResponseTokens: 1000,
      outputSanitization: false,
      ...limits,
    },
    answer: { content: "tool output", isError: false },
  };
  const build = () =>
    new SubAgentManager({
      setup: {
        limits: () => rig.limits,
        model: (requested) => ({
          entry: {
            name: requested ?? "fake",
            provider: "openai",
            model: "fake-model",
            base_url: "http://127.0.0.1:9/v1",
          },
          apiKey: "secret-key",
        }),
        toolSpecs: () => [{ name: "read_file", description: "Read", parameters: { type: "object" } }],
        systemPrompt: () => "You are a sub-agent.",
      },
      spawner,
      tools: {
        run: (call, context) => {
          calls.push([call, context]);
          return Promise.resolve({
            actionId: `a_${calls.length}`,
            durationMs: 1,
            decision: "ALLOW",
            ...rig.answer,
          });
        },
      },
      sessions,
      store,
      events: { emit: (event) => events.push(event) },
      audit: {
        record: (event, sessionId, _type, details) => {
          audit.push({ event, sessionId, details });
          return Promise.resolve(undefined);
        },
      },
      metrics: { llmCall() {}, toolCall() {} },
      logger: silentLogger,
      clock,
    });
  const manager = build();
  return {
    limits: rig.limits,
    get answer() {
      return rig.answer;
    },
    set answer(value) {
      rig.answer = value;
    },
    manager,
    spawner,
    sessions,
    store,
    db,
    events,
    audit,
    calls,
    restart: build,
    close: async () => {
      manager.stopAll();
      closeDatabase(db);
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** Resolves once the agent has left the active states. */
export async function finished(
  rig: ManagerRig,
  parent: string,
  id: string,
): Promise<Record<string, unknown>> {
  return await rig.manager.result(parent, id, 30) as unknown as Record<string, unknown>;
}
