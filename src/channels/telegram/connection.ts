/** Telegram long polling: getUpdates with `timeout` = polling_interval; an update's offset is committed (the
 * next getUpdates asks past it) only after the manager stored it, so a crash before that redelivers it. */
import { backoffDelay, sleep } from "../backoff.ts";
import { RateLimitedError } from "../channel_errors.ts";
import type { AdapterSink } from "../types.ts";
import type { TelegramApi } from "./api_client.ts";
import { parseUpdate, updateId } from "./inbound.ts";

export interface PollingOptions {
  api: TelegramApi;
  /** Long-poll timeout in seconds (polling_interval). */
  timeoutSeconds: number;
  random?: () => number;
  log: (message: string) => void;
}

export class TelegramPolling {
  private offset = 0;
  private botUsername = "";

  constructor(private readonly options: PollingOptions) {}

  /** Polls until `signal` aborts, reconnecting with backoff and jitter after failures. */
  async run(sink: AdapterSink, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        if (!this.botUsername) await this.identify(signal);
        const updates = await this.poll(signal);
        sink.alive();
        failures = 0;
        for (const raw of updates) {
          await this.handle(raw, sink);
          this.offset = Math.max(this.offset, (updateId(raw) ?? -1) + 1);
        }
      } catch (error) {
        if (signal.aborted) break;
        const wait = error instanceof RateLimitedError
          ? error.retryAfterMs
          : backoffDelay(failures++, { random: this.options.random });
        sink.lost((error as Error).message);
        await sleep(wait, signal);
      }
    }
  }

  /** Confirms what was stored (best effort) so a restart does not fetch it again: dedup would drop it anyway. */
  async commit(): Promise<void> {
    if (this.offset === 0) return;
    await this.options.api.call(
      "getUpdates",
      { offset: this.offset, timeout: 0, limit: 1 },
      AbortSignal.timeout(3000),
    )
      .catch(() => {});
  }

  private async identify(signal: AbortSignal): Promise<void> {
    const me = await this.options.api.call("getMe", {}, signal) as { username?: unknown };
    this.botUsername = typeof me?.username === "string" ? me.username : "?";
  }

  private async poll(signal: AbortSignal): Promise<unknown[]> {
    const timeout = this.options.timeoutSeconds;
    // The server holds the request up to `timeout` s; past that plus a margin the connection is dead.
    const deadline = AbortSignal.any([signal, AbortSignal.timeout((timeout + 15) * 1000)]);
    const result = await this.options.api.call("getUpdates", {
      offset: this.offset,
      timeout,
      allowed_updates: ["message", "callback_query"],
    }, deadline);
    if (!Array.isArray(result)) throw new Error("Telegram getUpdates answered without a list of updates");
    return result;
  }

  /** Hands one update to the manager; throws (so the offset stays) when it could not be stored. */
  private async handle(raw: unknown, sink: AdapterSink): Promise<void> {
    const parsed = parseUpdate(raw, this.botUsername);
    if (parsed.kind === "invalid") {
      this.options.log(`Skipped an invalid Telegram update: ${parsed.error}`);
      return;
    }
    if (parsed.kind === "message") {
      await sink.receive(parsed.message);
      return;
    }
    if (parsed.kind === "button") {
      const text = await sink.button(parsed.answer);
      await this.options.api.call("answerCallbackQuery", { callback_query_id: parsed.callbackId, text })
        .catch((error) => this.options.log(`Could not answer a Telegram button press: ${error.message}`));
    }
  }
}
