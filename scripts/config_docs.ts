/** Generates docs/configuration.md from the zod schema (keys, types, defaults, ranges) and the commented default
 * config (one-line descriptions), so the reference cannot drift from the code. A test compares the committed
 * file with a fresh run.  Run: deno run -A scripts/config_docs.ts */
import { configJsonSchema, type JsonSchema } from "../src/config/config_json_schema.ts";
import { DEFAULT_CONFIG_YAML } from "../src/config/default_config.ts";
import { changeMode } from "../src/config/config_writer.ts";

export const CONFIG_DOC = new URL("../docs/configuration.md", import.meta.url);

interface Row {
  path: string;
  type: string;
  defaultValue: string;
  description: string;
  change: string;
}

const CHANGE = { live: "`/config set`, live", restart: "`/config set` + restart", file: "file + restart" };
const ROLE_CHANGE = "`/model`, live";

/** Descriptions for keys the default file leaves out (nested blocks shown there on one line). */
const EXTRA_DESCRIPTIONS: Record<string, string> = {
  "models": "LLM endpoints that roles refer to by name",
  "models[].name": "unique name that roles refer to",
  "models[].provider":
    "openai (also any OpenAI-compatible server), anthropic, google, or ollama (local, no key)",
  "models[].api_key_env": "env var holding the API key; leave it out for a keyless local server",
  "models[].base_url": "endpoint instead of the provider's; openai calls {base_url}/chat/completions",
  "mcp.servers[].name": "display name; its tools appear as mcp__NAME__TOOL",
  "mcp.servers[].command": "program that starts the server",
  "mcp.servers[].args": "its arguments",
  "mcp.servers[].env": "environment of the server process (it gets these plus PATH and HOME, nothing else)",
  "email.provider": "smtp (the only value)",
  "email.smtp.host": "outgoing mail server",
  "email.smtp.port": "its port (465 TLS, 587 STARTTLS)",
  "email.smtp.username": "login name",
  "email.smtp.password": "login password",
  "email.smtp.from": "sender address",
  "email.smtp.tls": "connect with TLS",
  "email.imap.host": "incoming mail server",
  "email.imap.port": "its port (993 with TLS)",
  "email.imap.tls": "connect with TLS",
  "email.imap.username": "login name (password auth)",
  "email.imap.password": "login password (password auth)",
  "email.imap.auth_mode": "password or oauth2",
  "email.imap.account": "address whose OAuth2 token is used",
  "calendar.provider": "caldav, google or microsoft",
  "calendar.google_credentials_file": "Google OAuth credentials file",
  "calendar.calendar_id": "calendar to use",
  "calendar.caldav_url": "CalDAV server address",
  "calendar.caldav_username": "CalDAV login name",
  "calendar.caldav_password": "CalDAV password",
  "calendar.microsoft_account": "address whose OAuth2 token is used",
  "calendar.api_base_url":
    "REST root of Google Calendar or Microsoft Graph, when not theirs (a gateway, a test fake)",
  "oauth.google.client_id": "Google OAuth client id",
  "oauth.google.client_secret": "Google OAuth client secret",
  "oauth.microsoft.client_id": "Microsoft OAuth client id",
  "oauth.microsoft.client_secret": "Microsoft OAuth client secret",
  "oauth.microsoft.tenant_id": "Microsoft tenant",
  // Channel keys beyond spec 2.13 (docs/channels.md explains each platform).
  "channels.whatsapp.app_secret_env": "env var with the Meta app secret that signs webhook deliveries",
  "channels.whatsapp.webhook_host": "address the webhook listens on (put a TLS proxy in front)",
  "channels.whatsapp.api_base_url": "Graph API root instead of https://graph.facebook.com",
  "channels.whatsapp.api_version": "Graph API version in send URLs",
  "channels.telegram.polling_interval": "long-poll timeout in seconds (getUpdates timeout; default 25)",
  "channels.telegram.api_base_url":
    "Bot API root instead of https://api.telegram.org (a self-hosted Bot API server)",
  "channels.discord.api_base_url":
    "REST root instead of https://discord.com (calls {api_base_url}/api/v10/…)",
  "channels.discord.gateway_url": "gateway WebSocket URL instead of the one GET /gateway/bot names",
  "channels.slack.allowed_users":
    "user ids allowed to talk to the agent (direct messages and allowed channels)",
  "channels.slack.allowed_channels": "channel ids where allowed users may talk to the agent",
  "channels.slack.api_base_url":
    "Web API root instead of https://slack.com (calls {api_base_url}/api/<method>)",
  "channels.signal.api_base_url": "a running signal-cli daemon --http to use instead of starting cli_path",
  "channels.teams.allowed_users": "Azure AD object ids allowed to talk to the agent",
  "channels.teams.webhook_port": "port of the messaging endpoint (POST /api/messages)",
  "channels.teams.webhook_host": "address the messaging endpoint listens on (put a TLS proxy in front)",
  "channels.teams.openid_metadata_url": "OpenID configuration whose keys sign inbound activities",
  "channels.teams.api_base_url": "token service root instead of https://login.microsoftonline.com",
  "channels.imessage.allowed_handles": "phone numbers or Apple ID e-mails allowed to talk to the agent",
  "channels.imessage.polling_interval": "seconds between reads of Messages' database (default 2)",
  "oauth.google.token_url": "Google token endpoint, when not Google's own",
  "oauth.google.authorize_url": "Google authorization page, when not Google's own",
  "oauth.microsoft.token_url": "Microsoft token endpoint, when not the tenant's own",
  "oauth.microsoft.authorize_url": "Microsoft authorization page, when not the tenant's own",
};

export function generateConfigDocs(): string {
  const comments = defaultComments(DEFAULT_CONFIG_YAML);
  const schema = configJsonSchema();
  const sections = Object.entries(schema.properties ?? {}).map(([key, child]) => {
    const rows = collectRows(key, child, comments);
    let intro = comments.sections.get(key);
    // A lone top-level key (workspace) is described by the comment above it.
    if (rows.length === 1 && !rows[0].description && intro) [rows[0].description, intro] = [intro, undefined];
    return [`## ${key}`, "", ...(intro ? [intro, ""] : []), table(rows), ""].join("\n");
  });
  return [
    "# Configuration reference",
    "",
    "<!-- Generated by scripts/config_docs.ts from src/config/schema.ts and src/config/default_config.ts.",
    "     Do not edit by hand: change those files and run `deno run -A scripts/config_docs.ts`. -->",
    "",
    "`config.yaml` is read from the folder `deno task start` runs in (or `--config PATH`). With none, the",
    "first start writes a commented default with every key below (the same text as `config.example.yaml`);",
    "`deno task start -- init` asks about your model first. Relative paths resolve against the config file's",
    "folder. Secrets never go in the file: keys ending in `_env` name the environment variable that holds one.",
    "",
    "A key the schema does not know is reported with its line: an error when it looks like a typo of a key",
    'that belongs there (`rols:` → "did you mean roles?"), a warning otherwise. Every invalid value is listed',
    "at once, each with its key path and line; the engine does not start until they are fixed (exit 78).",
    "`deno task start -- doctor` checks the file and everything it points at.",
    "",
    "**Change**: `/config set KEY VALUE` (and `/model ROLE NAME`) in the web or terminal chat edits only that",
    "line of the file; *live* keys apply at once, the others at the next restart. *file + restart* keys",
    "(read-only and security settings) change only by editing the file and restarting.",
    "",
    ...sections,
  ].join("\n").trimEnd() + "\n";
}

function collectRows(path: string, schema: JsonSchema, comments: Comments): Row[] {
  const object = schema.anyOf?.find((branch) => branch.properties) ?? schema;
  const item = object.items?.properties ? object.items : undefined;
  if (object.properties && !object.additionalProperties) {
    return Object.entries(object.properties).flatMap(([key, child]) =>
      collectRows(`${path}.${key}`, child, comments)
    );
  }
  if (item) {
    const own = row(path, schema, comments);
    const children = Object.entries(item.properties!).flatMap(([key, child]) =>
      collectRows(`${path}[].${key}`, child, comments)
    );
    return [own, ...children];
  }
  return [row(path, schema, comments)];
}

function row(path: string, schema: JsonSchema, comments: Comments): Row {
  const settable = path.replaceAll("[]", "");
  return {
    path,
    type: typeOf(schema),
    defaultValue: schema.default === undefined ? "none" : `\`${JSON.stringify(schema.default)}\``,
    description: EXTRA_DESCRIPTIONS[path] ?? comments.keys.get(path) ?? "",
    change: path.startsWith("roles.")
      ? ROLE_CHANGE
      : CHANGE[path.includes("[]") ? "file" : changeMode(settable)],
  };
}

function typeOf(schema: JsonSchema): string {
  const branch = schema.anyOf?.find((option) => option.type !== "null") ?? schema;
  if (branch.const !== undefined) return `\`${JSON.stringify(branch.const)}\``;
  if (branch.enum) return branch.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" \\| ");
  if (branch.type === "array") {
    return branch.items?.properties ? "list of entries" : `list of ${typeOf(branch.items ?? {})}`;
  }
  if (branch.type === "object") {
    return typeof branch.additionalProperties === "object"
      ? `map of ${typeOf(branch.additionalProperties)}`
      : "object";
  }
  const range = branch.minimum !== undefined || branch.maximum !== undefined
    ? ` ${branch.minimum ?? "…"}–${branch.maximum ?? "…"}`
    : "";
  if (branch.pattern === "^[A-Za-z_][A-Za-z0-9_]*$") return "env var name";
  if (branch.format === "uri") return "URL";
  return `${branch.type ?? "any"}${range}`;
}

function table(rows: Row[]): string {
  const escape = (text: string) => text.replaceAll("|", "\\|");
  return [
    "| Key | Type | Default | Change | Description |",
    "|---|---|---|---|---|",
    ...rows.map((row) =>
      `| \`${row.path}\` | ${row.type} | ${row.defaultValue} | ${row.change} | ${escape(row.description)} |`
    ),
  ].join("\n");
}

interface Comments {
  /** Trailing comment of each key line (commented-out keys included), by dotted path. */
  keys: Map<string, string>;
  /** Comment lines just above a top-level key. */
  sections: Map<string, string>;
}

/** Reads the default file line by line: indentation gives the path, `# text` after a key describes it. */
function defaultComments(text: string): Comments {
  const keys = new Map<string, string>();
  const sections = new Map<string, string>();
  const stack: { indent: number; key: string }[] = [];
  let above: string[] = [];
  for (const line of text.split("\n")) {
    const match = line.match(/^(\s*)(#\s*)?(- )?([a-z_0-9]+):(?:\s+("[^"]*"|[^#]*?))?\s*(?:#\s*(.*))?$/);
    if (!match) {
      const comment = line.match(/^#\s?(.*)$/)?.[1];
      above = comment !== undefined ? [...above, comment] : [];
      continue;
    }
    const [, spaces, commented, dash, key, , comment] = match;
    let indent = spaces.length;
    const popTo = (level: number) => {
      while (stack.length > 0 && stack.at(-1)!.indent >= level) stack.pop();
    };
    if (dash) {
      popTo(indent);
      stack.push({ indent, key: "[]" });
      indent += 2;
    }
    popTo(indent);
    const path = [...stack.map((entry) => entry.key), key].join(".").replaceAll(".[]", "[]");
    if (comment && !keys.has(path)) keys.set(path, comment.trim());
    if (indent === 0 && !commented && above.length > 0) sections.set(key, above.join(" "));
    above = [];
    stack.push({ indent, key });
  }
  return { keys, sections };
}

if (import.meta.main) {
  await Deno.writeTextFile(CONFIG_DOC, generateConfigDocs());
  console.log("wrote docs/configuration.md");
}
