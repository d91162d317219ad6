/** The agent core, wired: memory, the tool registry, the one tool pipeline, the turn runner, slash commands and
 * the per-session conversation queue that every client (web, channels) hands its messages to. */
import { readEnv } from "../config/env.ts";
import { chronicleCommand } from "../chronicle/chronicle_command.ts";
import { Conversation } from "../engine/conversation.ts";
import { SlashCommands } from "../engine/slash_commands.ts";
import { buildSystemPrompt } from "../engine/system_prompt.ts";
import { ToolPipeline } from "../engine/tool_pipeline.ts";
import { type TurnLimits, TurnRunner } from "../engine/turn_runner.ts";
import { createMemoryService } from "../memory/memory_service.ts";
import type { MemoryService } from "../memory/types.ts";
import { statusView, type ViewInputs } from "../routes/settings_view.ts";
import { createToolRegistry, type ToolRegistry } from "../tools/registry.ts";
import { parseToolArguments } from "../tools/validate_arguments.ts";
import { transaction } from "../store/database.ts";
import type { Foundation } from "./foundation.ts";
import { oauthGrantNames } from "./mail_calendar.ts";
import type { ServiceRegistry } from "./lifecycle.ts";
import type { Security } from "./security.ts";
import { buildTools } from "./tool_groups.ts";
import { Delegation } from "./delegation.ts";
import type { EngineAddress } from "../engine/sub_agents/child_flags.ts";

export interface Agent {
  memory: MemoryService;
  registry: ToolRegistry;
  pipeline: ToolPipeline;
  turns: TurnRunner;
  conversation: Conversation;
  /** Slash commands (channels run them as their platform, so /config set and /model are refused). */
  commands: SlashCommands;
  /** Sub-agents, MCP servers and schedules. */
  delegation: Delegation;
  /** What the status and settings views show (GET /api/status and /api/settings in docs/api.md). */
  viewInputs(): ViewInputs;
}

export interface AgentHooks {
  restart(): void;
  services: ServiceRegistry;
  /** Where the engine listens, once it does: sub-agent children are denied it. */
  engineAddress: () => EngineAddress;
}

export async function buildAgent(base: Foundation, security: Security, hooks: AgentHooks): Promise<Agent> {
  const memory = createMemoryService({
    workspace: base.workspace,
    db: base.db,
    clock: base.clock,
    embedder: base.models.embedding(),
    log: (level, event, message, fields) => base.logger[level](event, message, fields ?? {}),
  });
  const delegation = new Delegation({
    config: () => base.holder.current(),
    workspace: base.workspace,
    db: base.db,
    clock: base.clock,
    logger: base.logger,
    events: base.events,
    audit: security.audit,
    metrics: base.metrics,
    sessions: base.sessions,
    readEnv,
    engineAddress: hooks.engineAddress,
    schedulePollMs: base.options.schedulePollMs,
  });
  const registry = await toolRegistry(base, security, memory, hooks, delegation);
  const pipeline = toolPipeline(base, security, registry);
  const turns = new TurnRunner({
    sessions: base.sessions,
    pipeline,
    events: base.events,
    metrics: base.metrics,
    logger: base.logger,
    clock: base.clock,
    model: () => base.models.chat(),
    toolSpecs: () => registry.specs(),
    systemPrompt: () => {
      // The turn is about to call the model: Shield's tables load meanwhile, not at the first tool call.
      security.shield.prepare().catch((error) => base.logger.error("shield_load_failed", String(error), {}));
      return Promise.resolve(systemPrompt(base, memory));
    },
    limits: () => turnLimits(base),
    // A round's messages and model-call samples go to engine.db in one transaction.
    batch: (work) => transaction(base.db, work),
  });
  const viewInputs = (): ViewInputs => ({
    config: base.holder.current(),
    workspace: base.workspace,
    sandbox: security.sandbox,
    tier2UsedToday: () => base.budget.usedToday(),
    sessionCount: () => base.sessions.count(),
    shieldActive: true,
    hasSecret: (name) => readEnv(name) !== undefined,
    oauthGrants: () => oauthGrantNames(base.workspace),
  });
  const commands = slashCommands(base, security, hooks, viewInputs);
  const conversation = new Conversation({
    sessions: base.sessions,
    turns,
    approvals: security.approvals,
    commands,
    events: base.events,
    logger: base.logger,
    clock: base.clock,
  });
  delegation.connect({ pipeline, registry, conversation });
  return { memory, registry, pipeline, turns, conversation, commands, delegation, viewInputs };
}

/** Every tool group's tools and the delegation tools, MCP's as a dynamic source, minus tools.disabled_groups. */
async function toolRegistry(
  base: Foundation,
  security: Security,
  memory: MemoryService,
  hooks: AgentHooks,
  delegation: Delegation,
): Promise<ToolRegistry> {
  const tools = await buildTools({
    config: base.config,
    workspace: base.workspace,
    home: base.home,
    sandbox: security.sandbox,
    memory,
    protectedPaths: security.protectedPaths,
    httpAllowHosts: base.options.httpAllowHosts,
    configPath: base.loaded.path,
    fetch: base.fetch,
    logger: base.logger,
    services: hooks.services,
    sessions: base.sessions,
    // Known once the server listens (0 before): no browser page may reach it.
    enginePorts: () => [hooks.engineAddress().port].filter((port) => port > 0),
  });
  return createToolRegistry([...tools, ...delegation.tools()], {
    disabledGroups: base.config.tools.disabled_groups,
    dynamic: delegation.mcp,
  });
}

/** The one pipeline every tool call takes, with every protection of `security` in it. */
function toolPipeline(base: Foundation, security: Security, registry: ToolRegistry): ToolPipeline {
  return new ToolPipeline({
    tools: registry,
    parseArguments: parseToolArguments,
    shield: security.shield,
    events: base.events,
    audit: security.audit,
    metrics: base.metrics,
    logger: base.logger,
    clock: base.clock,
    failClosed: base.config.general.fail_closed,
    approvalNotes: security.approvals,
    ifc: security.ifc,
    snapshots: security.snapshots,
  });
}

function slashCommands(
  base: Foundation,
  security: Security,
  hooks: AgentHooks,
  viewInputs: () => ViewInputs,
): SlashCommands {
  return new SlashCommands({
    sessions: base.sessions,
    config: base.holder,
    statusText: () => JSON.stringify(statusView(viewInputs()), null, 2),
    usageText: (sessionId) => usageText(base, sessionId),
    restart: hooks.restart,
    audit: (event, sessionId, details) => security.audit.record(event, sessionId, "", details),
    chronicle: (text, sessionId) => chronicleCommand(security.chronicle, text, sessionId, security.audit),
  });
}

function systemPrompt(base: Foundation, memory: MemoryService): string {
  const current = base.holder.current();
  return buildSystemPrompt({
    agentName: current.identity.name,
    workspace: base.workspace,
    memoryContext: (budgetTokens) => memory.promptContext(budgetTokens),
    tokenBudget: Math.floor(current.agents.context_window * 0.1),
    now: base.clock.now(),
  });
}

/** Read on every turn, so /config set applies to the next message. */
function turnLimits(base: Foundation): TurnLimits {
  const current = base.holder.current();
  return {
    maxToolRounds: current.agents.max_tool_rounds,
    maxResponseTokens: current.agents.max_response_tokens,
    contextWindow: current.agents.context_window,
    compactionThreshold: current.agents.compaction_threshold,
    outputSanitization: current.general.output_sanitization,
  };
}

function usageText(base: Foundation, sessionId: string): string {
  const today = base.metrics.summary("today") as Record<string, unknown>;
  return JSON.stringify({ session: base.metrics.session(sessionId), today: today.token_usage }, null, 2);
}
