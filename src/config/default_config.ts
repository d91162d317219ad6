/** The commented default config.yaml, written on first start; config.example.yaml holds the same text. */

export const DEFAULT_CONFIG_YAML =
  `# Parapet configuration. Every key is shown with its default; edit and restart to apply.
# Secrets never go in this file: keys named *_env name the environment variable that holds the secret.

# The agent's workspace, relative to this file's folder; created on first start. It must not contain this file,
# the policies below or the engine's source: the agent can write anything inside it.
workspace: ./workspace

# LLM endpoints. provider: openai | anthropic | google | ollama; base_url overrides the provider's endpoint.
models:
  - name: local                 # unique name that roles refer to
    provider: ollama            # local model runner; needs no API key
    model: llama3.2             # provider-specific model id
    # api_key_env: OPENAI_API_KEY   # env var holding the API key (hosted providers)
    # base_url: http://localhost:11434/v1

# Which models[].name serves each role. No role has a default.
roles:
  chat: local                   # main conversation
  # shield:                     # Tier 2 Shield evaluator (unset: escalations go to the human)
  # embedding:                  # vector embeddings for memory search (unset: full-text only)
  # sub_agent:                  # sub-agent tasks
  # image:                      # image generation
  # video:                      # video generation

shield:
  policy_file: security/shield/default.yaml   # Tier 0 YAML policy, beside this file (read-only via API)
  onnx_threshold: 0.85          # classifier confidence threshold, 0.0-1.0
  heuristic_enabled: true       # Tier 1 heuristic rules
  classifier_enabled: false     # ML classifier sidecar (needs classifier_addr)
  classifier_mode: sidecar      # the only supported mode
  # classifier_addr: 127.0.0.1:8500   # host:port of the classifier sidecar
  classifier_skip_types: [write_file, delete_file, move_file, copy_file, send_email, send_message, http_request]  # types the classifier skips
  tier3:
    max_per_hour: 10            # most human approval prompts an hour; more are denied
    timeout_seconds: 300        # seconds to wait for a human decision before denying
  contacts: []                  # recipients written to without a prompt (globs: "*@example.com", "+4915*", "Anna"); your own mailboxes (email.smtp.from, address logins) count too
  allowed_domains: []           # hosts that may receive data without a prompt, beyond package registries, source hosts, the workspace's git remotes and loopback

identity:
  name: Parapet                 # agent display name
  # avatar: "\uD83D\uDEE1\uFE0F"                # emoji shown beside the name

# Messaging channels; each is off unless enabled: true.
channels:
  whatsapp:
    enabled: false              # WhatsApp Business Cloud API
    # phone_number_id: ""       # business phone number id
    # access_token_env: WHATSAPP_TOKEN   # env var with the access token
    # verify_token: ""          # webhook verification token
    # webhook_port: 8443        # port of the webhook listener
    # allowed_numbers: []       # phone numbers allowed to talk to the agent
  telegram:
    enabled: false              # Telegram bot (long polling)
    # token_env: TELEGRAM_BOT_TOKEN   # env var with the bot token
    # allowed_users: []         # numeric user ids
    # allowed_groups: []        # numeric group ids
    # private_only: true        # ignore all group messages
    # polling_interval: 1       # seconds between polls
  discord:
    enabled: false              # Discord bot
    # token_env: DISCORD_BOT_TOKEN   # env var with the bot token
    # allowed_guilds: []        # guild ids
    # allowed_channels: []      # channel ids
    # allowed_users: []         # user ids
    respond_to_mentions: false  # answer only when mentioned
  slack:
    enabled: false              # Slack app (Socket Mode)
    # bot_token_env: SLACK_BOT_TOKEN   # env var with the bot token
    # app_token_env: SLACK_APP_TOKEN   # env var with the app-level token
  signal:
    enabled: false              # Signal through signal-cli
    # cli_path: /usr/bin/signal-cli   # path to the signal-cli binary
    # account: "+10000000000"   # the agent's phone number
    # allowed_numbers: []       # numbers allowed to talk to the agent
  teams:
    enabled: false              # Microsoft Teams bot
    # app_id_env: TEAMS_APP_ID  # env var with the app id
    # password_env: TEAMS_APP_PASSWORD   # env var with the app password
  imessage:
    enabled: false              # iMessage (macOS only)
    # apple_id: ""              # account e-mail used in Messages

chronicle:
  max_snapshots: 100            # snapshots kept before the oldest are pruned
  max_age_days: 30              # snapshots older than this are pruned

web:
  enabled: true                 # serve the web UI and API
  host: ""                      # bind address; empty = 127.0.0.1; 0.0.0.0 needs password_hash
  port: 3100                    # HTTP port (read-only via API)
  grpc_port: 0                  # CLI-to-engine port; 0 = dynamic
  auth: true                    # cookie authentication when bound beyond localhost
  # password_hash: ""           # bcrypt hash: deno task start -- hash-password
  allowed_origins: []           # extra origins allowed for CORS/WebSocket; empty = localhost only

agents:
  # sub_agent_model: ""         # override of the sub-agent model; empty = auto
  max_rounds: 20                # max LLM calls per sub-agent
  max_tool_rounds: 25           # max tool-call round-trips per message
  context_window: 128000        # assumed model context window, tokens
  compaction_threshold: 70      # percent of the context window that triggers compaction
  max_response_tokens: 4096     # max tokens per LLM response
  shell_timeout_seconds: 30     # default shell command timeout
  browser_nav_timeout_seconds: 30   # browser navigation timeout
  browser_idle_minutes: 5       # idle minutes before the browser is shut down
  sub_agent_timeout_seconds: 900    # max run time of a sub-agent
  max_concurrent_sub_agents: 10 # running sub-agents at once
  max_sub_agent_rounds: 20      # max LLM calls of each sub-agent
  crash_restart_budget: 5       # crashes within the window before the supervisor gives up
  crash_window_seconds: 60      # crash counting window
  max_consecutive_nav_failures: 3   # failed navigations before browsing is disabled for the session
  heartbeat_interval_minutes: 30   # minutes between readings of HEARTBEAT.md; 0 = off (beyond the spec)

general:
  fail_closed: true             # any Shield evaluation error blocks the action
  rate_limit: 30                # max actions a minute
  verdict_ttl_seconds: 60       # how long a Shield verdict stays cached
  daily_budget: 100             # max Tier 2 evaluator calls a day (read-only via API)
  output_sanitization: false    # wrap tool results in data boundaries for the model

security:
  ifc_policy: security/ifc/default.yaml   # information-flow-control policy, beside this file (default, permissive, strict)
  override_mode: ""             # "" = policy's own mode; audit = log only; enforce = block
  memory_block_levels: []       # taint levels that block memory writes; empty = policy or [critical, restricted]
  # audit_key_file: /etc/parapet/audit.key   # HMAC key signing the audit anchor; absolute, outside the workspace; created (0600) when missing

mcp:
  servers: []                   # [{name, command, args: [], env: {}}] external tool servers

email: {}                       # provider: smtp; smtp: {host, port, username, password, from, tls}; imap: {...}
calendar: {}                    # provider: caldav | google | microsoft; caldav_url, caldav_username, ...
oauth: {}                       # google: {client_id, client_secret}; microsoft: {client_id, client_secret, tenant_id}

tools:
  disabled_groups: []           # files, shell, git, http, browser, email, calendar, memory, schedule, agents, messaging, mcp
  allow_unsandboxed_shell: false # without bubblewrap: true offers execute_command anyway, every command then needs your approval
skills:
  disabled: []                  # skill names to disable
`;
