/** execute_command: runs `bash -c` in the workspace with a minimal environment, a timeout, capped output
 * and, when available, inside the bubblewrap sandbox. Without it, a human approves every command. */
import { z } from "zod";
import {
  containProcesses,
  type SandboxInfo,
  type SandboxProtection,
  wrapCommand,
} from "../sandbox/sandbox.ts";
import type { ToolDefinition, ToolResult } from "./types.ts";
import { runProcess, type RunResult } from "./process_runner.ts";
import { namedPaths } from "./shell_reads.ts";

export interface ShellToolOptions {
  workspace: string;
  /** Default timeout of a command; the `timeout` argument may raise it up to 10 times this. */
  timeoutSeconds: number;
  /** Bytes of output returned to the model, head and tail kept (default 100_000). */
  maxOutputBytes?: number;
  /** Bytes read before the process group is killed (default 50_000_000). */
  hardCapBytes?: number;
  sandbox: SandboxInfo;
  /** PATH of the command (default the usual system directories). */
  path?: string;
  /** HOME of the command (default the workspace). */
  home?: string;
  /** LANG of the command (default C.UTF-8). */
  lang?: string;
  /** Delay between SIGTERM and SIGKILL of the process group (default 2000 ms). */
  killGraceMs?: number;
  /** Workspace paths hidden or read-only inside the sandbox (default DEFAULT_PROTECTED_PATHS). */
  protect?: SandboxProtection;
}

const DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

const shellArgs = z.object({
  command: z.string().min(1).describe("Shell command line, run with bash -c in the workspace"),
  timeout: z.number().positive().optional().describe("Timeout in seconds (default set by the engine)"),
});
type ShellArgs = z.infer<typeof shellArgs>;

export function createShellTool(options: ShellToolOptions): ToolDefinition<ShellArgs> {
  const workspace = Deno.realPathSync(options.workspace);
  const shell = ["/bin/bash", "/usr/bin/bash"].find(exists) ?? "/bin/sh";
  const maxTimeoutSeconds = options.timeoutSeconds * 10;
  const hardCapBytes = options.hardCapBytes ?? 50_000_000;
  const sandboxed = options.sandbox.active;
  const sandboxNote = sandboxed
    ? "Runs sandboxed: only the workspace is writable (its .git read-only: commit with git_commit), " +
      "little else is visible, and there is no network."
    : "Runs without a sandbox: a human approves every command.";
  const wrap = (argv: string[]) =>
    sandboxed
      ? wrapCommand(options.sandbox, workspace, argv, { protect: options.protect })
      : containProcesses(options.sandbox, argv);
  return {
    name: "execute_command",
    group: "shell",
    description: `Run a shell command in the workspace (timeout ${options.timeoutSeconds} s by default, ` +
      `at most ${maxTimeoutSeconds} s). ${sandboxNote} Background processes are killed when it ends.`,
    parameters: shellArgs,
    writes: true,
    affectedPaths: () => "*",
    ...(sandboxed ? {} : { minimumTier: 3 as const }),
    async execute(args, context) {
      const timeoutSeconds = Math.min(args.timeout ?? options.timeoutSeconds, maxTimeoutSeconds);
      const result = await runProcess({
        argv: wrap([shell, "-c", args.command]),
        cwd: workspace,
        env: {
          PATH: options.path ?? DEFAULT_PATH,
          HOME: options.home ?? workspace,
          LANG: options.lang ?? "C.UTF-8",
          TERM: "dumb",
        },
        timeoutMs: timeoutSeconds * 1000,
        maxOutputBytes: options.maxOutputBytes ?? 100_000,
        hardCapBytes,
        killGraceMs: options.killGraceMs,
        signal: context.signal,
      });
      const timeoutCapped = args.timeout !== undefined && args.timeout > maxTimeoutSeconds;
      // Output may carry what the command read even when it failed: label it either way.
      const reads = { paths: namedPaths(args.command) };
      return { ...formatResult(result, timeoutSeconds, timeoutCapped, hardCapBytes), reads };
    },
  };
}

function formatResult(
  result: RunResult,
  timeoutSeconds: number,
  timeoutCapped: boolean,
  hardCapBytes: number,
): ToolResult {
  const lines = [result.output.length ? result.output.replace(/\n$/, "") : "(no output)", "---"];
  lines.push(`exit code: ${result.code}${result.signal ? ` (${result.signal})` : ""}`);
  if (timeoutCapped) lines.push(`[timeout capped at ${timeoutSeconds} s]`);
  if (result.timedOut) {
    lines.push(`[timed out after ${timeoutSeconds} s: the command and its children were killed]`);
  }
  if (result.aborted) lines.push("[cancelled: the command and its children were killed]");
  if (result.outputLimitHit) {
    lines.push(`[output passed the ${hardCapBytes}-byte limit: the command and its children were killed]`);
  }
  const failed = result.code !== 0 || result.timedOut || result.aborted || result.outputLimitHit;
  return { output: lines.join("\n"), isError: failed };
}

function exists(candidate: string): boolean {
  try {
    Deno.statSync(candidate);
    return true;
  } catch {
    return false;
  }
}
