/** Starts one sub-agent child process in its own process group and speaks the line protocol with it.
 * `kill()` ends the whole group; the child also exits by itself when its stdin closes (engine gone). */
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { type ChildMessage, encodeLine, type ParentMessage, readLines } from "./protocol.ts";
import { childMessage, decodeLine } from "./child_messages.ts";

const CHILD_MAIN = fileURLToPath(new URL("./child_main.ts", import.meta.url));
const APP_CONFIG = join(dirname(dirname(dirname(dirname(CHILD_MAIN)))), "deno.json");
const STDERR_TAIL_CHARS = 4000;

export interface SpawnRequest {
  /** Deno permission flags (child_flags.ts). */
  flags: string[];
  /** The child's whole environment: nothing is inherited from the engine. */
  env: Record<string, string>;
  /** Tag on the command line, so an operator (and a test) can tell which engine started the child. */
  tag: string;
}

/** What a running child sends: a valid message, or the reason a line was refused. */
export type ChildEvent = { message: ChildMessage } | { invalid: string };

export class ChildProcess {
  readonly pid: number;
  readonly exited: Promise<Deno.CommandStatus>;
  private readonly child: Deno.ChildProcess;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private writing: Promise<void> = Promise.resolve();
  private stderrText = "";
  private killed = false;

  constructor(request: SpawnRequest) {
    this.child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        ...request.flags,
        "--config",
        APP_CONFIG,
        CHILD_MAIN,
        `--parapet-sub-agent=${request.tag}`,
      ],
      env: request.env,
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      detached: true,
    }).spawn();
    this.pid = this.child.pid;
    this.writer = this.child.stdin.getWriter();
    this.exited = this.child.status;
    void this.collectStderr();
  }

  /** Messages from the child until its stdout closes; a malformed or oversized line ends the stream. */
  async *events(): AsyncGenerator<ChildEvent> {
    try {
      for await (const line of readLines(this.child.stdout)) {
        const decoded = decodeLine(childMessage, line);
        if (!decoded.ok) {
          yield { invalid: decoded.error };
          return;
        }
        yield { message: decoded.message };
      }
    } catch (error) {
      yield { invalid: (error as Error).message };
    }
  }

  send(message: ParentMessage): Promise<void> {
    const bytes = new TextEncoder().encode(encodeLine(message));
    this.writing = this.writing.then(() => this.writer.write(bytes)).catch(() => {});
    return this.writing;
  }

  /** Kills the child's whole process group at once. Safe to call more than once. */
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    this.writer.close().catch(() => {});
    try {
      Deno.kill(-this.pid, "SIGKILL");
    } catch {
      // the group is already gone
    }
  }

  /** The end of what the child wrote to stderr (for the log when it fails). */
  stderrTail(): string {
    return this.stderrText;
  }

  private async collectStderr(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.child.stderr) {
        this.stderrText = (this.stderrText + decoder.decode(chunk, { stream: true })).slice(
          -STDERR_TAIL_CHARS,
        );
      }
    } catch {
      // the pipe broke with the child
    }
  }
}
