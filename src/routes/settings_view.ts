/** The read-only settings view (secrets masked) and the status object of docs/api.md ("Engine"). */
import type { Config, ModelConfig } from "../config/schema.ts";
import type { SandboxInfo } from "../sandbox/sandbox.ts";
import { calendarView, emailView, type OAuthGrantName } from "./mail_calendar_view.ts";

export interface ViewInputs {
  config: Config;
  workspace: string;
  sandbox: SandboxInfo;
  tier2UsedToday: () => number;
  sessionCount: () => number;
  shieldActive: boolean;
  hasSecret: (envName: string | undefined) => boolean;
  /** Stored OAuth2 grants (provider and account only), for the email and calendar blocks. */
  oauthGrants?: () => OAuthGrantName[];
}

const EDIT_HINT =
  "Settings are read-only here. Change them with the /config set KEY VALUE and /model [ROLE NAME] slash " +
  "commands in the web chat or CLI, or edit config.yaml and restart (web.port, general.daily_budget and " +
  "shield.policy_file change only that way).";

function roleModel(config: Config, role: keyof Config["roles"]): ModelConfig | undefined {
  const name = config.roles[role];
  return name ? config.models.find((model) => model.name === name) : undefined;
}

function sandboxMode(sandbox: SandboxInfo): string {
  return sandbox.active ? `${sandbox.mode}+deno-permissions` : "deno-permissions";
}

export function statusView(inputs: ViewInputs): Record<string, unknown> {
  const { config, sandbox } = inputs;
  const chat = roleModel(config, "chat");
  return {
    agent_name: config.identity.name,
    agent_avatar: config.identity.avatar ?? "",
    model: chat ? `${chat.provider}/${chat.model}` : "",
    session_count: inputs.sessionCount(),
    workspace: inputs.workspace,
    shield: {
      active: inputs.shieldActive,
      tier2_used: inputs.tier2UsedToday(),
      tier2_budget: config.general.daily_budget,
    },
    sandbox: {
      active: sandbox.active,
      mode: sandboxMode(sandbox),
      filesystem: sandbox.filesystem,
      network: sandbox.network,
    },
  };
}

export function settingsView(inputs: ViewInputs): Record<string, unknown> {
  const { config } = inputs;
  const chat = roleModel(config, "chat");
  const evaluator = roleModel(config, "shield");
  const embedding = roleModel(config, "embedding");
  const grants = inputs.oauthGrants?.() ?? [];
  return {
    agent: { name: config.identity.name, avatar: config.identity.avatar ?? "" },
    chat: {
      provider: chat?.provider ?? "",
      model: chat?.model ?? "",
      api_key_configured: inputs.hasSecret(chat?.api_key_env),
      base_url: chat?.base_url ?? "",
    },
    shield: {
      policy: config.shield.policy_file,
      evaluator: { provider: evaluator?.provider ?? "", model: evaluator?.model ?? "" },
      tier2_budget: config.general.daily_budget,
      tier2_used_today: inputs.tier2UsedToday(),
    },
    memory: {
      embedding: {
        provider: embedding?.provider ?? "",
        model: embedding?.model ?? "",
        api_key_configured: inputs.hasSecret(embedding?.api_key_env),
        base_url: embedding?.base_url ?? "",
      },
    },
    mcp: {
      // Environment values may hold secrets: only their names are shown.
      servers: config.mcp.servers.map((server) => ({
        name: server.name,
        command: server.command,
        args: server.args,
        env_keys: Object.keys(server.env),
      })),
    },
    // Names and booleans only: no password, client secret or token leaves the engine.
    email: emailView(config, grants),
    calendar: calendarView(config, grants),
    web: { port: config.web.port },
    sandbox: { active: inputs.sandbox.active, mode: sandboxMode(inputs.sandbox) },
    read_only: true,
    edit_hint: EDIT_HINT,
  };
}
