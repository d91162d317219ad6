/** Sends iMessages through Messages.app with osascript; the handle and text travel as arguments, never spliced
 * into the AppleScript source, so a reply cannot inject script. */
import { PlatformError } from "../channel_errors.ts";

const SCRIPT = [
  "on run argv",
  'tell application "Messages"',
  "set target to participant (item 1 of argv) of (1st account whose service type = iMessage)",
  "send (item 2 of argv) to target",
  "end tell",
  "end run",
];

export class MessagesApp {
  constructor(private readonly osascript: string) {}

  async send(handle: string, text: string): Promise<void> {
    const output = await new Deno.Command(this.osascript, {
      args: [...SCRIPT.flatMap((line) => ["-e", line]), handle, text],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output().catch((error) => {
      throw new PlatformError(`osascript could not run: ${error.message}`, false);
    });
    if (!output.success) {
      const detail = new TextDecoder().decode(output.stderr).trim().slice(0, 300);
      throw new PlatformError(
        `Messages did not send: ${detail || `osascript exited with ${output.code}`}`,
        true,
      );
    }
  }
}
