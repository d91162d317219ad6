/** What the HTTP layer needs from the engine: the routes call these and nothing else. */
import type { SessionService } from "../engine/session_service.ts";
import type { AuthService } from "./auth_service.ts";
import type { ControlKeys } from "../ws/control_keys.ts";

export interface LogQuery {
  lines: number;
  offset: number;
  level?: string;
  event?: string;
}

export interface AuditQuery {
  lines: number;
  offset: number;
}

export interface ChannelController {
  list(): string[];
  detach(name: string): Promise<boolean>;
}

export interface MemoryReader {
  search(query: string): Promise<{ path: string; section: string; snippet: string }[]>;
  readFile(type: string): Promise<{ type: string; content: string } | null>;
}

export interface MetricsReader {
  summary(period: "today" | "weekly" | "monthly" | "yearly"): unknown;
  session(sessionId: string): unknown;
  daily(days: number): unknown[];
}

export interface ApiServices {
  sessions: SessionService;
  auth: AuthService;
  controlKeys: ControlKeys;
  /** GET /api/status, /api/settings and /api/tools as JSON text: hot views, answered without Hono and made
   * again only when their data changed (the engine keeps them with lib/json_memo.ts). */
  status(): string;
  settings(): string;
  tools(): string;
  /** Answers first, then exits the engine with code 75. */
  restart(): void;
  /** The channel manager, or null while no channel is enabled (GET /api/channels lists none, detach answers 503). */
  channels?: () => ChannelController | null;
  /** Running sub-agents' status objects, once sub-agents exist (absent: an empty list). */
  subAgents?: () => unknown[];
  logs(query: LogQuery): Promise<unknown>;
  audit(query: AuditQuery): Promise<unknown>;
  metrics: MetricsReader;
  memory: MemoryReader;
  /** The chat model's reachability; `fresh` skips the remembered answer. */
  modelCheck(fresh: boolean): Promise<unknown>;
  /** Starts an MCP server and lists its tools (POST /api/settings/test-mcp); absent while the mcp group is off. */
  testMcp?: (
    input: { name: string; command: string; args: string[]; env: Record<string, string> },
  ) => Promise<unknown>;
}
