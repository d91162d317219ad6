/** MCP servers added to an agent -- by its CLI (`claude mcp add NAME -- CMD`, `codex mcp add`, `gemini mcp add`,
 * `code --add-mcp JSON`), through `mcp-remote URL`, or in project and user MCP configuration (`mcpServers`): each
 * server's tools are trusted by the agent from then on (tool poisoning, rug pulls). Official reference servers and
 * packages under well-known vendors' scopes pass; other packages and remote servers on hosts that are not allowed
 * escalate. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const AGENT_CLIS = new Set([
  "claude",
  "codex",
  "gemini",
  "qwen",
  "amp",
  "cursor-agent",
  "opencode",
  "goose",
  "kiro",
]);
const RUNNERS = /^(?:npx|bunx|pnpx|uvx|pipx|docker|node|python3?|deno|bun)$/;
/** Packages of the MCP project and of vendors publishing their own servers. */
const KNOWN_SERVERS =
  /^(?:@modelcontextprotocol\/|@playwright\/mcp|@anthropic-ai\/|@github\/|@notionhq\/|@stripe\/|@supabase\/|@cloudflare\/|@sentry\/|@heroku\/|@azure\/|@microsoft\/|@aws\/|awslabs\.|@upstash\/context7-mcp|@browserbasehq\/|@vercel\/|@netlify\/|@gitlab\/|@atlassian\/|@linear\/|@google\/|@googleworkspace\/|mcp-server-(?:fetch|git|time|sqlite|filesystem|memory|everything|sequential-thinking)$|ghcr\.io\/github\/github-mcp-server|mcp\/)/i;
/** Remote MCP servers that vendors host for their own products (hosts from the vendors' MCP documentation). */
const VENDOR_REMOTE =
  /^(?:mcp\.(?:linear\.app|notion\.com|atlassian\.com|sentry\.dev|stripe\.com|paypal\.com|asana\.com|intercom\.com|cloudflare\.com|deepwiki\.com|vercel\.com|supabase\.com|neon\.tech|huggingface\.co|context7\.com|zapier\.com|figma\.com|canva\.com|squareup\.com|webflow\.com|wix\.com|hubspot\.com|monday\.com|box\.com|globalping\.dev)|[\w-]+\.mcp\.cloudflare\.com|api\.githubcopilot\.com)$/i;
const MCP_FILE =
  /(?:^|\/)(?:\.?mcp\.json|mcp_config\.json|claude_desktop_config\.json|\.claude\.json|\.gemini\/settings\.json|\.vscode\/mcp\.json|\.cursor\/mcp\.json|\.roo\/mcp\.json|\.kiro\/settings\/mcp\.json|\.amazonq\/mcp\.json)$/i;

/** The first package or image a server command line starts (`npx -y NAME`, `uvx NAME`, `docker run ... IMAGE`). */
function serverPackage(words: readonly string[]): string | undefined {
  const at = words.findIndex((word) => RUNNERS.test(word.replace(/^.*\//, "")));
  if (at < 0) return undefined;
  const runner = words[at].replace(/^.*\//, "");
  const rest = words.slice(at + 1).filter((word) => !word.startsWith("-"));
  if (runner === "docker") return rest[rest[0] === "run" ? 1 : 0];
  if (/^(?:node|python3?|deno|bun)$/.test(runner)) return undefined;
  return rest[0];
}

function unknownServer(words: readonly string[], environment: ShieldEnvironment): string | undefined {
  const remote = words.find((word) => /^https?:\/\//i.test(word));
  if (remote) {
    const host = readHost(remote, environment);
    return host && !host.allowed && !host.loopback && !VENDOR_REMOTE.test(host.host) ? remote : undefined;
  }
  const name = serverPackage(words)?.replace(/@[^/@]*$/, "");
  return name && !KNOWN_SERVERS.test(name) ? name : undefined;
}

const CLI_PROGRAMS = new Set([...AGENT_CLIS, "code", "code-insiders", "cursor", "npx", "bunx", "pnpx"]);

/** Whether judgeMcpRegistrations' segment loop looks at a segment of `program`: when no segment's program does, its
 * caller hands it no segments (the files written are judged all the same). */
export function registersMcpWith(program: string): boolean {
  return CLI_PROGRAMS.has(program);
}

function judgeCli(segment: Segment, environment: ShieldEnvironment, findings: Findings): void {
  if (!registersMcpWith(segment.program)) return;
  const argv = segment.argv;
  let words: string[] | undefined;
  if (
    AGENT_CLIS.has(segment.program) && argv[1] === "mcp" && /^(?:add|add-json|install)$/.test(argv[2] ?? "")
  ) {
    words = argv.slice(3);
  } else if (/^(?:code|code-insiders|cursor)$/.test(segment.program)) {
    const at = argv.indexOf("--add-mcp");
    if (at > 0) words = (argv[at + 1] ?? "").match(/"[^"]*"/g)?.map((word) => word.slice(1, -1)) ?? [];
  } else if (
    /^(?:npx|bunx|pnpx)$/.test(segment.program) && argv.some((arg) => /^mcp-remote(?:@|$)/.test(arg))
  ) {
    words = argv.slice(1);
  }
  if (!words) return;
  const server = unknownServer(words, environment);
  if (server) {
    findings.escalate(
      "install",
      `adds the MCP server "${server.slice(0, 80)}", whose tools the agent will trust`,
    );
  }
}

/** Servers named in written MCP configuration (JSON with `mcpServers` or `servers`). */
function judgeConfig(text: string, environment: ShieldEnvironment, findings: Findings): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  const root = parsed as Record<string, unknown> | null;
  const servers = (root?.mcpServers ?? root?.servers) as Record<string, Record<string, unknown>> | undefined;
  if (!servers || typeof servers !== "object") return;
  for (const server of Object.values(servers).slice(0, 32)) {
    if (!server || typeof server !== "object") continue;
    const words = [
      ...(typeof server.url === "string" ? [server.url] : []),
      ...(typeof server.serverUrl === "string" ? [server.serverUrl] : []),
      ...(typeof server.command === "string" ? [server.command] : []),
      ...(Array.isArray(server.args)
        ? server.args.filter((arg): arg is string => typeof arg === "string")
        : []),
    ];
    const unknown = unknownServer(words, environment);
    if (unknown) {
      findings.escalate(
        "install",
        `configures the MCP server "${unknown.slice(0, 80)}", whose tools the agent will trust`,
      );
      return;
    }
  }
}

export function judgeMcpRegistrations(
  segments: readonly Segment[],
  writes: ReadonlyArray<{ path: string; content: string }>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) judgeCli(segment, environment, findings);
  for (const { path, content } of writes.slice(0, 4)) {
    if (MCP_FILE.test(path) && content.length < 256 * 1024 && content.includes("ervers")) {
      judgeConfig(content, environment, findings);
    }
  }
}
