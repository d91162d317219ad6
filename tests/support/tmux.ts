/** Runs a command in a real pseudo-terminal (a detached tmux session on its own socket), types into it and
 * reads the screen: how terminal programs are tested as a person would use them. */
import { delay } from "./engine_harness.ts";

export interface TerminalOptions {
  cwd?: string;
  env?: Record<string, string>;
  columns?: number;
  rows?: number;
}

export class TmuxTerminal {
  private constructor(private readonly socket: string) {}

  static async start(argv: string[], options: TerminalOptions = {}): Promise<TmuxTerminal> {
    const socket = `parapet-test-${crypto.randomUUID().slice(0, 8)}`;
    const terminal = new TmuxTerminal(socket);
    const env = Object.entries({ NO_COLOR: "1", ...options.env }).flatMap(([name, value]) => [
      "-e",
      `${name}=${value}`,
    ]);
    // The shell prints the exit status and keeps the pane, so the last screen stays readable.
    const command = `${argv.map(shellQuote).join(" ")}; printf '\\n[exited %s]\\n' $?; exec sleep 86400`;
    await terminal.tmux([
      "new-session",
      "-d",
      "-s",
      "main",
      "-x",
      String(options.columns ?? 120),
      "-y",
      String(options.rows ?? 40),
      ...(options.cwd ? ["-c", options.cwd] : []),
      ...env,
      command,
    ]);
    return terminal;
  }

  /** Types text literally (no Enter). */
  async type(text: string): Promise<void> {
    await this.tmux(["send-keys", "-t", "main", "-l", text]);
  }

  /** Presses keys by tmux name: "Enter", "C-c", "C-d". */
  async press(...keys: string[]): Promise<void> {
    await this.tmux(["send-keys", "-t", "main", ...keys]);
  }

  async line(text: string): Promise<void> {
    await this.type(text);
    await this.press("Enter");
  }

  /** The visible screen plus the scrollback, as plain text. */
  async screen(): Promise<string> {
    return await this.tmux(["capture-pane", "-p", "-t", "main", "-S", "-200"]);
  }

  /** Resolves with the screen once `pattern` appears on it (`count` times for a string). */
  async waitFor(pattern: string | RegExp, timeoutMs = 30_000, count = 1): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let screen = "";
    while (Date.now() < deadline) {
      screen = await this.screen();
      const found = typeof pattern === "string"
        ? screen.split(pattern).length - 1 >= count
        : pattern.test(screen);
      if (found) return screen;
      await delay(100);
    }
    throw new Error(`Timed out waiting for ${pattern} on the terminal screen:\n${screen}`);
  }

  /** Exit status of the program once it ended, else undefined. */
  async exitStatus(): Promise<number | undefined> {
    const match = (await this.screen()).match(/\[exited (\d+)\]/);
    return match ? Number(match[1]) : undefined;
  }

  /** Waits for the program to end and returns its exit status. */
  async waitForExit(timeoutMs = 30_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const status = await this.exitStatus();
      if (status !== undefined) return status;
      await delay(100);
    }
    throw new Error(`The program did not end:\n${await this.screen()}`);
  }

  async close(): Promise<void> {
    await this.tmux(["kill-server"]).catch(() => "");
  }

  private async tmux(args: string[]): Promise<string> {
    const output = await new Deno.Command("tmux", {
      args: ["-L", this.socket, "-f", "/dev/null", ...args],
      stdin: "null",
    })
      .output();
    const text = new TextDecoder().decode(output.stdout);
    if (!output.success) {
      throw new Error(`tmux ${args[0]} failed: ${new TextDecoder().decode(output.stderr)}`);
    }
    return text;
  }
}

function shellQuote(word: string): string {
  return /^[\w./:=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'"'"'`)}'`;
}
