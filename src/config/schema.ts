/** The zod schema of config.yaml: every key of docs/configuration.md with its default and range. */
import { isAbsolute } from "node:path";
import { z } from "zod";

const port = z.number().int().min(1).max(65535);
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name");

export const PROVIDERS = ["openai", "anthropic", "google", "ollama"] as const;

const modelEntry = z.object({
  name: z.string().min(1),
  provider: z.enum(PROVIDERS),
  model: z.string().min(1),
  api_key_env: envName.optional(),
  base_url: z.url().optional(),
});

const roles = z.object({
  chat: z.string().optional(),
  shield: z.string().optional(),
  embedding: z.string().optional(),
  sub_agent: z.string().optional(),
  image: z.string().optional(),
  video: z.string().optional(),
}).default({});

const shield = z.object({
  policy_file: z.string().default("security/shield/default.yaml"),
  onnx_threshold: z.number().min(0).max(1).default(0.85),
  heuristic_enabled: z.boolean().default(true),
  classifier_enabled: z.boolean().default(false),
  classifier_mode: z.literal("sidecar").default("sidecar"),
  classifier_addr: z.string().regex(/^[^\s:/]+:\d{1,5}$/, "must be host:port").optional(),
  classifier_skip_types: z.array(z.string()).default([
    "write_file",
    "delete_file",
    "move_file",
    "copy_file",
    "send_email",
    "send_message",
    "http_request",
  ]),
  tier3: z.object({
    max_per_hour: z.number().int().min(0).default(10),
    timeout_seconds: z.number().int().min(1).max(86400).default(300),
  }).prefault({}),
  /** Recipients written to without a prompt (globs over addresses, numbers and names). */
  contacts: z.array(z.string().trim().min(1, "must not be empty").max(320)).max(10_000).default([]),
  /** Hosts that may receive data without a prompt, beyond the package registries, source hosts, the
   * workspace's git remotes and loopback (globs such as `*.example.com`). */
  allowed_domains: z.array(
    z.string().trim().min(1, "must not be empty").max(253).regex(
      /^[A-Za-z0-9*?.[\]:-]+$/,
      "must be a host name or a glob of one",
    ),
  ).max(10_000).default([]),
}).prefault({});

const identity = z.object({
  name: z.string().min(1).default("Parapet"),
  avatar: z.string().optional(),
}).prefault({});

const int64List = z.array(z.number().int());
/** Replaces a channel's platform API root (a self-hosted Bot API server, a proxy; tests point it at fakes). */
const apiBaseUrl = z.url().refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL").optional();
/** Webhook adapters bind loopback unless told otherwise (a reverse proxy terminates TLS in front). */
const webhookHost = z.string().min(1).default("127.0.0.1");
const channels = z.object({
  whatsapp: z.object({
    enabled: z.boolean().default(false),
    phone_number_id: z.string().optional(),
    access_token_env: envName.optional(),
    /** The Meta app secret that signs webhook deliveries (X-Hub-Signature-256). */
    app_secret_env: envName.optional(),
    verify_token: z.string().optional(),
    webhook_port: port.optional(),
    webhook_host: webhookHost,
    allowed_numbers: z.array(z.string()).optional(),
    api_base_url: apiBaseUrl,
    api_version: z.string().regex(/^v\d+\.\d+$/, 'must look like "v21.0"').default("v21.0"),
  }).optional(),
  telegram: z.object({
    enabled: z.boolean().default(false),
    token_env: envName.optional(),
    allowed_users: int64List.optional(),
    allowed_groups: int64List.optional(),
    private_only: z.boolean().optional(),
    polling_interval: z.number().int().min(0).max(600).optional(),
    api_base_url: apiBaseUrl,
  }).optional(),
  discord: z.object({
    enabled: z.boolean().default(false),
    token_env: envName.optional(),
    allowed_guilds: z.array(z.string()).optional(),
    allowed_channels: z.array(z.string()).optional(),
    allowed_users: z.array(z.string()).optional(),
    respond_to_mentions: z.boolean().default(false),
    api_base_url: apiBaseUrl,
    /** Gateway WebSocket URL; default: the one GET /gateway/bot names. */
    gateway_url: z.url().refine((value) => /^wss?:\/\//.test(value), "must be a ws(s) URL").optional(),
  }).optional(),
  slack: z.object({
    enabled: z.boolean().default(false),
    bot_token_env: envName.optional(),
    app_token_env: envName.optional(),
    allowed_users: z.array(z.string()).optional(),
    allowed_channels: z.array(z.string()).optional(),
    api_base_url: apiBaseUrl,
  }).optional(),
  signal: z.object({
    enabled: z.boolean().default(false),
    cli_path: z.string().optional(),
    account: z.string().optional(),
    allowed_numbers: z.array(z.string()).optional(),
    /** A running `signal-cli daemon --http` to use instead of starting cli_path. */
    api_base_url: apiBaseUrl,
  }).optional(),
  teams: z.object({
    enabled: z.boolean().default(false),
    app_id_env: envName.optional(),
    password_env: envName.optional(),
    allowed_users: z.array(z.string()).optional(),
    webhook_port: port.optional(),
    webhook_host: webhookHost,
    /** Bot Framework OpenID configuration (where the signing keys of inbound activities are found). */
    openid_metadata_url: z.url().optional(),
    /** Root of the token service replies are authorised by (default the Microsoft login host). */
    api_base_url: apiBaseUrl,
  }).optional(),
  imessage: z.object({
    enabled: z.boolean().default(false),
    apple_id: z.string().optional(),
    allowed_handles: z.array(z.string()).optional(),
    polling_interval: z.number().int().min(1).max(600).optional(),
  }).optional(),
}).default({});

const chronicle = z.object({
  max_snapshots: z.number().int().min(1).default(100),
  max_age_days: z.number().int().min(1).default(30),
}).prefault({});

const web = z.object({
  enabled: z.boolean().default(true),
  host: z.string().default(""),
  port: port.default(3100),
  grpc_port: z.number().int().min(0).max(65535).default(0),
  auth: z.boolean().default(true),
  password_hash: z.string().regex(/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/, "must be a bcrypt hash").optional(),
  allowed_origins: z.array(z.string()).default([]),
}).prefault({});

const positive = z.number().int().min(1);
const agents = z.object({
  sub_agent_model: z.string().optional(),
  max_rounds: positive.default(20),
  max_tool_rounds: positive.default(25),
  context_window: z.number().int().min(1024).default(128000),
  compaction_threshold: z.number().int().min(0).max(100).default(70),
  max_response_tokens: positive.default(4096),
  shell_timeout_seconds: positive.default(30),
  browser_nav_timeout_seconds: positive.default(30),
  browser_idle_minutes: positive.default(5),
  sub_agent_timeout_seconds: positive.default(900),
  max_concurrent_sub_agents: positive.default(10),
  max_sub_agent_rounds: positive.default(20),
  crash_restart_budget: positive.default(5),
  crash_window_seconds: positive.default(60),
  max_consecutive_nav_failures: positive.default(3),
  /** Minutes between two readings of HEARTBEAT.md (0 turns heartbeats off). Not in the spec: docs/agents.md. */
  heartbeat_interval_minutes: z.number().int().min(0).max(10_080).default(30),
}).prefault({});

const general = z.object({
  fail_closed: z.boolean().default(true),
  rate_limit: z.number().int().min(0).default(30),
  verdict_ttl_seconds: z.number().int().min(0).default(60),
  daily_budget: z.number().int().min(0).default(100),
  output_sanitization: z.boolean().default(false),
}).prefault({});

const SENSITIVITY_LEVELS = ["public", "internal", "confidential", "restricted", "critical"] as const;

const security = z.object({
  ifc_policy: z.string().default("security/ifc/default.yaml"),
  override_mode: z.enum(["", "audit", "enforce"]).default(""),
  memory_block_levels: z.array(z.enum(SENSITIVITY_LEVELS)).default([]),
  audit_key_file: z.string().refine(isAbsolute, "must be an absolute path (outside the workspace)")
    .optional(),
}).prefault({});

const mcp = z.object({
  servers: z.array(z.object({
    name: z.string().regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, _ or -"),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
  })).default([]),
}).prefault({});

const email = z.object({
  provider: z.literal("smtp").optional(),
  smtp: z.object({
    host: z.string().optional(),
    port: port.optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    from: z.string().optional(),
    tls: z.boolean().optional(),
  }).optional(),
  imap: z.object({
    host: z.string().optional(),
    port: port.optional(),
    tls: z.boolean().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    auth_mode: z.enum(["password", "oauth2"]).optional(),
    account: z.string().optional(),
  }).optional(),
}).default({});

const calendar = z.object({
  provider: z.enum(["caldav", "google", "microsoft"]).optional(),
  google_credentials_file: z.string().optional(),
  calendar_id: z.string().optional(),
  caldav_url: z.string().optional(),
  caldav_username: z.string().optional(),
  caldav_password: z.string().optional(),
  microsoft_account: z.string().optional(),
  /** REST root of the hosted provider (Google Calendar API, Microsoft Graph): a gateway or a test fake. */
  api_base_url: z.url().optional(),
}).default({});

const oauthClient = z.object({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  /** Token and authorization endpoints, when not the provider's own (a gateway or a test fake). */
  token_url: z.url().optional(),
  authorize_url: z.url().optional(),
});
const oauth = z.object({
  google: oauthClient.optional(),
  microsoft: oauthClient.extend({ tenant_id: z.string().default("common") }).optional(),
}).default({});

export const TOOL_GROUPS = [
  "files",
  "shell",
  "git",
  "http",
  "browser",
  "email",
  "calendar",
  "memory",
  "schedule",
  "agents",
  "messaging",
  "mcp",
] as const;

export const configSchema = z.object({
  workspace: z.string().min(1).default("./workspace"),
  models: z.array(modelEntry).default([]),
  roles,
  shield,
  identity,
  channels,
  chronicle,
  web,
  agents,
  general,
  security,
  mcp,
  email,
  calendar,
  oauth,
  tools: z.object({
    disabled_groups: z.array(z.enum(TOOL_GROUPS)).default([]),
    // Without bubblewrap the shell runs with the engine's rights: off unless the operator opts in.
    allow_unsandboxed_shell: z.boolean().default(false),
  }).prefault({}),
  skills: z.object({ disabled: z.array(z.string()).default([]) }).prefault({}),
}).superRefine((config, context) => {
  for (const issue of crossFieldProblems(config)) context.addIssue({ code: "custom", ...issue });
});

/** Checks across keys (unique model names, roles naming real models); also run on raw input when parsing fails. */
export function crossFieldProblems(raw: unknown): { path: PropertyKey[]; message: string }[] {
  const problems: { path: PropertyKey[]; message: string }[] = [];
  const config = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const models = Array.isArray(config.models) ? config.models as Record<string, unknown>[] : [];
  const names = new Set<unknown>();
  models.forEach((entry, index) => {
    if (names.has(entry?.name)) {
      problems.push({ path: ["models", index, "name"], message: `duplicate model name "${entry.name}"` });
    }
    names.add(entry?.name);
  });
  const roles = (typeof config.roles === "object" && config.roles !== null ? config.roles : {}) as Record<
    string,
    unknown
  >;
  for (const [role, name] of Object.entries(roles)) {
    if (typeof name === "string" && !names.has(name)) {
      problems.push({ path: ["roles", role], message: `"${name}" is not the name of any models[] entry` });
    }
  }
  const tools = (typeof config.tools === "object" && config.tools !== null ? config.tools : {}) as Record<
    string,
    unknown
  >;
  const web = (typeof config.web === "object" && config.web !== null ? config.web : {}) as Record<
    string,
    unknown
  >;
  if (tools.allow_unsandboxed_shell === true && !web.password_hash) {
    // An unsandboxed command could otherwise reach the engine's port and answer its own approval prompts.
    problems.push({
      path: ["tools", "allow_unsandboxed_shell"],
      message:
        "an unsandboxed shell needs web.password_hash, so approvals need a login its commands do not have",
    });
  }
  const embedding = models.find((entry) => entry?.name === roles.embedding);
  if (embedding?.provider === "anthropic") {
    problems.push({
      path: ["roles", "embedding"],
      message: `"${embedding.name}" uses provider "anthropic", which has no embedding API`,
    });
  }
  const shield = (config.shield ?? {}) as Record<string, unknown>;
  if (shield.classifier_enabled === true && !shield.classifier_addr) {
    problems.push({
      path: ["shield", "classifier_addr"],
      message: "is required when classifier_enabled is true",
    });
  }
  return problems;
}

export type Config = z.infer<typeof configSchema>;
export type ModelConfig = z.infer<typeof modelEntry>;
