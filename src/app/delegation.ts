/** Sub-agents, MCP servers and schedules, wired: the agents and schedule tools, the MCP tools as a dynamic
 * source for the registry, the sub-agent manager and the scheduler. Every call any of them makes goes through
 * the one tool pipeline, connected once the agent core is built. */
import { join } from "node:path";
import type { Config } from "../config/schema.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../log/logger.ts";
import type { Database } from "../store/database.ts";
import type { MetricsRecorder } from "../engine/ports.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";
import type { EventSink } from "../protocol/server_events.ts";
import type { SessionService } from "../engine/session_service.ts";
import type { ToolPipeline } from "../engine/tool_pipeline.ts";
import type { Conversation } from "../engine/conversation.ts";
import { SubAgentManager } from "../engine/sub_agents/sub_agent_manager.ts";
import { createChildSpawner } from "../engine/sub_agents/child_spawner.ts";
import { chooseSubAgentModel } from "../engine/sub_agents/model_choice.ts";
import type { EngineAddress } from "../engine/sub_agents/child_flags.ts";
import { subAgentPrompt } from "../engine/sub_agents/sub_agent_prompt.ts";
import { ScheduleService } from "../engine/schedules/schedule_service.ts";
import { Scheduler } from "../engine/schedules/scheduler.ts";
import { localTimeZone } from "../engine/schedules/schedule_time.ts";
import { SubAgentStore } from "../store/sub_agent_store.ts";
import { ScheduleStore } from "../store/schedule_store.ts";
import { createAgentTools } from "../tools/agents/agent_tools.ts";
import { createScheduleTools } from "../tools/schedule/schedule_tools.ts";
import { McpManager } from "../tools/mcp/mcp_manager.ts";
import { probeMcpServer, type ProbeResult } from "../tools/mcp/mcp_probe.ts";
import { type ToolRegistry, toSpec } from "../tools/registry.ts";
import type { AnyTool } from "../tools/types.ts";
import { redactSecrets } from "../lib/redaction.ts";

/** MCP servers get a moment to list their tools before the engine says it is ready. */
const MCP_START_WAIT_MS = 5000;
/** Groups a sub-agent is never offered: no sub-agents of its own, no schedules. */
const NOT_FOR_CHILDREN = new Set(["agents", "schedule"]);

export interface DelegationInputs {
  config: () => Config;
  workspace: string;
  db: Database;
  clock: Clock;
  logger: Logger;
  events: EventSink;
  audit: AuditRecorder;
  metrics: MetricsRecorder;
  sessions: SessionService;
  readEnv: (name: string) => string | undefined;
  engineAddress: () => EngineAddress;
  /** How often the scheduler looks at the clock (tests: a few ms). */
  schedulePollMs?: number;
}

export interface AgentCore {
  pipeline: ToolPipeline;
  registry: ToolRegistry;
  conversation: Conversation;
}

export class Delegation {
  readonly mcp?: McpManager;
  readonly subAgents: SubAgentManager;
  readonly schedules: ScheduleService;
  private readonly scheduler: Scheduler;
  private core?: AgentCore;

  constructor(private readonly inputs: DelegationInputs) {
    const config = inputs.config();
    const disabled = new Set<string>(config.tools.disabled_groups);
    const baseEnv = pick(inputs.readEnv, ["PATH", "HOME"]);
    if (!disabled.has("mcp") && config.mcp.servers.length > 0) {
      this.mcp = new McpManager({
        servers: config.mcp.servers,
        cwd: inputs.workspace,
        baseEnv,
        log: (level, event, message, fields) => inputs.logger[level](event, message, fields),
      });
    }
    this.subAgents = new SubAgentManager({
      setup: {
        limits: () => {
          const { agents, general } = inputs.config();
          return {
            maxConcurrent: agents.max_concurrent_sub_agents,
            timeoutSeconds: agents.sub_agent_timeout_seconds,
            maxRounds: Math.min(agents.max_sub_agent_rounds, agents.max_rounds),
            maxResponseTokens: agents.max_response_tokens,
            outputSanitization: general.output_sanitization,
          };
        },
        model: (requested) => chooseSubAgentModel(inputs.config(), requested, inputs.readEnv),
        toolSpecs: () => this.childTools(),
        systemPrompt: () =>
          subAgentPrompt({
            agentName: inputs.config().identity.name,
            workspace: inputs.workspace,
            now: inputs.clock.now(),
          }),
      },
      spawner: createChildSpawner({
        engine: inputs.engineAddress,
        env: pick(inputs.readEnv, ["DENO_DIR", "HOME", "XDG_CACHE_HOME"]),
      }),
      tools: {
        run: async (call, context) => {
          const outcome = await this.agentCore().pipeline.run(call, context);
          return { ...outcome, decision: outcome.verdict?.decision };
        },
      },
      sessions: inputs.sessions,
      store: new SubAgentStore(inputs.db),
      events: inputs.events,
      audit: inputs.audit,
      metrics: inputs.metrics,
      logger: inputs.logger,
      clock: inputs.clock,
    });
    inputs.sessions.observe({ deleted: (session) => this.subAgents.sessionDeleted(session.id) });
    const store = new ScheduleStore(inputs.db);
    this.schedules = new ScheduleService(store, inputs.clock);
    const heartbeatMinutes = config.agents.heartbeat_interval_minutes;
    this.scheduler = new Scheduler({
      store,
      clock: inputs.clock,
      turns: { startTurn: (sessionId, title, content) => this.startTurn(sessionId, title, content) },
      audit: inputs.audit,
      logger: inputs.logger,
      pollMs: inputs.schedulePollMs ?? 10_000,
      heartbeat: disabled.has("schedule") ? undefined : {
        intervalMs: heartbeatMinutes * 60_000,
        timezone: localTimeZone(),
        read: () => Deno.readTextFile(join(inputs.workspace, "HEARTBEAT.md")),
      },
    });
  }

  /** The agents and schedule tools (the registry drops them when their group is disabled). */
  tools(): AnyTool[] {
    return [...createAgentTools(this.subAgents), ...createScheduleTools(this.schedules)];
  }

  /** Hands over the agent core once it is built: from here on calls reach the pipeline. */
  connect(core: AgentCore): void {
    this.core = core;
  }

  async start(): Promise<void> {
    if (this.mcp) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        this.mcp.start(),
        new Promise((resolve) => timer = setTimeout(resolve, MCP_START_WAIT_MS)),
      ]);
      clearTimeout(timer);
    }
    if (!new Set<string>(this.inputs.config().tools.disabled_groups).has("schedule")) this.scheduler.start();
  }

  /** Children first (their calls need the pipeline), then the scheduler, then the MCP servers. */
  async stop(): Promise<void> {
    this.subAgents.stopAll();
    await this.scheduler.stop();
    await this.mcp?.stop();
  }

  /** POST /api/settings/test-mcp: audited before anything runs, then probed within 15 s. */
  async testMcp(input: { name: string; command: string; args: string[]; env: Record<string, string> }) {
    const { inputs } = this;
    await inputs.audit.record("mcp_test", "", "test_mcp", {
      name: input.name,
      command: redactSecrets(input.command),
      args: input.args.map(redactSecrets),
      env_keys: Object.keys(input.env),
    }, { immediate: true });
    inputs.logger.info("mcp_test", `Testing MCP server "${input.name}": ${redactSecrets(input.command)}`, {
      name: input.name,
    });
    const result: ProbeResult = await probeMcpServer(input, {
      cwd: inputs.workspace,
      baseEnv: pick(inputs.readEnv, ["PATH", "HOME"]),
    });
    return result;
  }

  private childTools() {
    return this.agentCore().registry.list().filter((tool) => !NOT_FOR_CHILDREN.has(tool.group)).map(toSpec);
  }

  private startTurn(sessionId: string, title: string, content: string): "started" | "busy" {
    const { conversation } = this.agentCore();
    const sessions = this.inputs.sessions;
    if (!sessions.find(sessionId)) {
      sessions.createWithId(sessionId, "normal");
      sessions.rename(sessionId, title);
    }
    if (conversation.isBusy(sessionId)) return "busy";
    conversation.acceptMessage(sessionId, content);
    return "started";
  }

  private agentCore(): AgentCore {
    if (!this.core) throw new Error("The agent core is not connected yet");
    return this.core;
  }
}

function pick(readEnv: (name: string) => string | undefined, names: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = readEnv(name);
    if (value !== undefined) env[name] = value;
  }
  return env;
}
