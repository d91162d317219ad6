/** Slash commands sent as `command` frames: each answers with {command, ok, text, action?}. */
import type { CommandResult, CommandRunner } from "./conversation.ts";
import type { SessionService } from "./session_service.ts";
import { type ConfigHolder, protectedKeyRefusal } from "../config/config_holder.ts";
import { checkSettableKey, setConfigValue } from "../config/config_writer.ts";
import { AppError } from "../lib/errors.ts";
import { exportMarkdown, formatHistory, formatSessions } from "./session_text.ts";
import type { AuditEventDetails, AuditEventName } from "../protocol/audit_events.ts";

export interface CommandDeps {
  sessions: SessionService;
  config: ConfigHolder;
  statusText: () => string;
  usageText: (sessionId: string) => string;
  restart: () => void;
  chronicle?: (text: string, sessionId: string) => Promise<{ ok: boolean; text: string }>;
  audit: <E extends AuditEventName>(event: E, sessionId: string, details: AuditEventDetails[E]) => void;
}

type Handler = (
  args: string,
  sessionId: string,
  channel: string,
) => Promise<Omit<CommandResult, "command">> | Omit<CommandResult, "command">;

/** Commands that change configuration or files are accepted only from these channels (marked "web and CLI only"
 * in docs/agent.md, "Slash commands"). */
const TRUSTED_CHANNELS = new Set(["web", "cli"]);

const COMMAND_HELP: [string, string][] = [
  ["/help", "list the commands"],
  ["/new", "start a new session"],
  ["/otr", "start an off-the-record session (nothing is kept)"],
  ["/status", "engine, model, Shield and sandbox status"],
  ["/usage", "token usage of this session and today"],
  ["/title [TEXT]", "show or set this session's title"],
  ["/history [N]", "the last N messages of this session (default 10)"],
  ["/sessions", "recent sessions"],
  ["/delete", "delete this session and its messages"],
  ["/clear", "remove every message of this session"],
  ["/export", "this session as Markdown"],
  ["/restart", "restart the engine"],
  ["/config", "show the configuration (secrets hidden)"],
  ["/config set KEY VALUE", "change one config key (web and CLI only)"],
  ["/model [ROLE NAME]", "show roles, or point ROLE at models[] entry NAME (web and CLI only)"],
  ["/chronicle [list|diff ID|rollback ID]", "workspace snapshots (web and CLI only)"],
];

export class SlashCommands implements CommandRunner {
  private readonly handlers: Record<string, Handler>;

  constructor(private readonly deps: CommandDeps) {
    this.handlers = {
      help: () => ({
        ok: true,
        text: COMMAND_HELP.map(([name, what]) => `${name} \u2014 ${what}`).join("\n"),
      }),
      new: () => this.newSession("normal"),
      otr: () => this.newSession("otr"),
      status: () => ({ ok: true, text: deps.statusText() }),
      usage: (_args, sessionId) => ({ ok: true, text: deps.usageText(sessionId) }),
      title: (args, sessionId) => this.title(args, sessionId),
      history: (args, sessionId) => this.history(args, sessionId),
      sessions: () => ({ ok: true, text: formatSessions(deps.sessions.list().slice(0, 20)) }),
      delete: (_args, sessionId) => {
        deps.sessions.delete(sessionId);
        return {
          ok: true,
          text: "Session deleted",
          action: { type: "session_deleted", session_id: sessionId },
        };
      },
      clear: (_args, sessionId) => {
        deps.sessions.clear(sessionId);
        return {
          ok: true,
          text: "Session cleared",
          action: { type: "session_cleared", session_id: sessionId },
        };
      },
      export: (_args, sessionId) => {
        const session = deps.sessions.get(sessionId);
        const content = exportMarkdown(session, deps.sessions.messages(sessionId));
        return {
          ok: true,
          text: content,
          action: { type: "export", format: "markdown", filename: `${sessionId}.md` },
        };
      },
      restart: (_args, sessionId, channel) => {
        deps.audit("restart_requested", sessionId, { via: channel });
        deps.restart();
        return { ok: true, text: "Restarting the engine", action: { type: "restart" } };
      },
      config: (args, sessionId, channel) => this.configCommand(args, sessionId, channel),
      model: (args, sessionId, channel) => this.model(args, sessionId, channel),
      chronicle: async (args, sessionId, channel) => {
        this.requireTrusted(channel, "/chronicle");
        if (!deps.chronicle) return { ok: false, text: "Chronicle is not available" };
        return await deps.chronicle(`/chronicle ${args}`.trim(), sessionId);
      },
    };
  }

  async run(sessionId: string, text: string, channel: string): Promise<CommandResult> {
    const match = text.trim().match(/^\/([a-z]+)(?:\s+([\s\S]*))?$/);
    const name = match?.[1] ?? "";
    const command = `/${name}`;
    const handler = match ? this.handlers[name] : undefined;
    if (!handler) {
      return {
        command: match ? command : text.trim().split(/\s/)[0],
        ok: false,
        text: `Unknown command "${text.trim().split(/\s/)[0]}": try /help`,
      };
    }
    try {
      return { command, ...(await handler(match![2]?.trim() ?? "", sessionId, channel)) };
    } catch (error) {
      if (error instanceof AppError) return { command, ok: false, text: error.message };
      throw error;
    }
  }

  private newSession(mode: "normal" | "otr"): Omit<CommandResult, "command"> {
    const session = this.deps.sessions.create(mode);
    const text = mode === "otr"
      ? "Off-the-record session started: nothing in it is kept"
      : "New session started";
    return { ok: true, text, action: { type: "switch_session", session_id: session.id, mode } };
  }

  private title(args: string, sessionId: string): Omit<CommandResult, "command"> {
    if (!args) return { ok: true, text: `Title: ${this.deps.sessions.get(sessionId).title || "(none)"}` };
    this.deps.sessions.rename(sessionId, args);
    return {
      ok: true,
      text: `Title set to "${args.trim()}"`,
      action: { type: "session_renamed", session_id: sessionId },
    };
  }

  private history(args: string, sessionId: string): Omit<CommandResult, "command"> {
    const count = args ? Number(args) : 10;
    if (!Number.isInteger(count) || count < 1 || count > 500) {
      return { ok: false, text: `"${args}" is not a count: use /history N with N from 1 to 500` };
    }
    return { ok: true, text: formatHistory(this.deps.sessions.messages(sessionId).slice(-count)) };
  }

  private async configCommand(
    args: string,
    sessionId: string,
    channel: string,
  ): Promise<Omit<CommandResult, "command">> {
    if (!args) return { ok: true, text: this.deps.statusText() + "\n\n" + configSummary(this.deps.config) };
    const set = args.match(/^set\s+(\S+)\s+([\s\S]+)$/);
    if (!set) return { ok: false, text: "Usage: /config set KEY VALUE" };
    this.requireTrusted(channel, "/config set");
    checkSettableKey(set[1]);
    const refusal = protectedKeyRefusal(set[1]);
    if (refusal) return { ok: false, text: refusal };
    const change = await setConfigValue(this.deps.config.path, set[1], set[2].trim());
    this.deps.config.replace(change.config);
    this.deps.audit("config_changed", sessionId, { key: change.key, via: channel });
    const when = change.restartNeeded ? "takes effect after a restart (/restart)" : "applies now";
    return {
      ok: true,
      text: `Set ${change.key} = ${JSON.stringify(change.value)}: ${when}`,
      action: { type: "config_changed", key: change.key, restart_needed: change.restartNeeded },
    };
  }

  private async model(
    args: string,
    sessionId: string,
    channel: string,
  ): Promise<Omit<CommandResult, "command">> {
    const config = this.deps.config.current();
    if (!args) {
      const roles = Object.entries(config.roles).map(([role, name]) => `${role}: ${name}`);
      const models = config.models.map((model) => `${model.name} (${model.provider}/${model.model})`);
      return {
        ok: true,
        text: `Roles:\n${roles.join("\n") || "(none)"}\n\nModels:\n${models.join("\n") || "(none)"}`,
      };
    }
    const parts = args.split(/\s+/);
    if (parts.length !== 2) return { ok: false, text: "Usage: /model ROLE NAME" };
    this.requireTrusted(channel, "/model");
    const [role, name] = parts;
    if (!["chat", "shield", "embedding", "sub_agent", "image", "video"].includes(role)) {
      return {
        ok: false,
        text: `Unknown role "${role}": use chat, shield, embedding, sub_agent, image or video`,
      };
    }
    if (protectedKeyRefusal(`roles.${role}`)) {
      return { ok: false, text: "The Shield evaluator is a security setting: edit config.yaml and restart" };
    }
    const change = await setConfigValue(this.deps.config.path, `roles.${role}`, name);
    this.deps.config.replace(change.config);
    this.deps.audit("config_changed", sessionId, { key: `roles.${role}`, via: channel });
    return {
      ok: true,
      text: `Role ${role} now uses "${name}"`,
      action: { type: "config_changed", key: `roles.${role}`, restart_needed: false },
    };
  }

  private requireTrusted(channel: string, what: string): void {
    if (!TRUSTED_CHANNELS.has(channel)) {
      throw new AppError(`${what} is accepted only from the web UI and the CLI`, "CHANNEL_NOT_ALLOWED", 403);
    }
  }
}

function configSummary(holder: ConfigHolder): string {
  const config = holder.current();
  return [
    `Config file: ${holder.path}`,
    `Workspace: ${holder.workspace}`,
    `Models: ${
      config.models.map((model) => `${model.name}=${model.provider}/${model.model}`).join(", ") || "(none)"
    }`,
    `Roles: ${Object.entries(config.roles).map(([role, name]) => `${role}=${name}`).join(", ") || "(none)"}`,
    `Shield policy: ${config.shield.policy_file}; heuristics ${
      config.shield.heuristic_enabled ? "on" : "off"
    }; ` +
    `fail-closed ${config.general.fail_closed}`,
    `Limits: ${config.agents.max_tool_rounds} tool rounds, ${config.agents.max_response_tokens} response tokens, ` +
    `context ${config.agents.context_window} (compaction at ${config.agents.compaction_threshold}%)`,
    `Disabled tool groups: ${config.tools.disabled_groups.join(", ") || "none"}`,
  ].join("\n");
}
