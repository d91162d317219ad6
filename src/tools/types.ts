/** The contract every tool executor implements. Tools never decide whether they may run: the pipeline does. */
import type { z } from "zod";

export type ToolGroup =
  | "files"
  | "shell"
  | "git"
  | "http"
  | "browser"
  | "email"
  | "calendar"
  | "memory"
  | "schedule"
  | "agents"
  | "messaging"
  | "mcp";

/** MCP tool annotations (hints from the server, not guarantees). */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Per-call context handed to a tool by the pipeline. */
export interface ToolCallContext {
  sessionId: string;
  /** Aborted when the turn is cancelled or the engine shuts down. */
  signal: AbortSignal;
  /** True when the arguments come from `resolveArguments` (as judged): the tool acts on exactly those paths, and
   * refuses if resolving them again gives another answer. */
  argumentsResolved?: boolean;
}

export interface ToolResult {
  /** Text returned to the model (already capped by the tool). */
  output: string;
  isError: boolean;
  /** Paths (workspace-relative or absolute) or hosts the call actually read, for IFC taint. */
  reads?: { paths?: string[]; hosts?: string[] };
}

export interface ToolDefinition<Args = Record<string, unknown>> {
  name: string;
  group: ToolGroup;
  description: string;
  /** zod schema of the arguments; the pipeline validates model output with it before anything runs. */
  parameters: z.ZodType<Args>;
  /** JSON Schema shown to the model instead of one made from `parameters` (an MCP server's own schema). */
  inputSchema?: Record<string, unknown>;
  /** What the tool says about its effects (MCP annotations), handed to Shield with every call. */
  annotations?: ToolAnnotations;
  /** True when the call may change state (files, processes, remote systems, memory). OTR refuses these. */
  writes: boolean | ((args: Args) => boolean);
  /** Workspace paths this call will change, so Chronicle can snapshot them first. "*" = unpredictable;
   * an empty list: no working-tree file changes (e.g. a commit), nothing to snapshot. */
  affectedPaths?: (args: Args) => string[] | "*";
  /** Every call goes at least to this Shield tier (3: a human approves each one); a function decides per call,
   * from the resolved arguments (e.g. an invitation to an outside address). */
  minimumTier?: 2 | 3 | ((args: Args) => 2 | 3 | undefined);
  /** What the engine, not the model, decides before Shield judges the call: each path argument replaced by the
   * real absolute path the call will act on (symlinks resolved, `~` expanded with the tool's own home), or the
   * push URL read from the repository. Throws ToolError to refuse (a target outside the workspace or
   * protected). The pipeline shows the result to Shield and hands exactly it to `execute`. */
  resolveArguments?: (args: Args) => Promise<Args>;
  execute(args: Args, context: ToolCallContext): Promise<ToolResult>;
}

// deno-lint-ignore no-explicit-any
export type AnyTool = ToolDefinition<any>;
