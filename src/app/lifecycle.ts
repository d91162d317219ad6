/** Starting and stopping the engine's long-running parts (the HTTP server, the WebSocket hub, turns, and in wave 2
 * channels, MCP servers and schedulers): started in the order added, stopped in the reverse order, once. */
import type { Logger } from "../log/logger.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";

import { RESTART_EXIT_CODE } from "../lib/exit_codes.ts";

export { RESTART_EXIT_CODE };

/** Something that runs alongside the engine. `start` may be omitted (built running), `stop` may not. */
export interface EngineService {
  name: string;
  start?(): Promise<void> | void;
  /** Must not throw for a service that never started. */
  stop(): Promise<void> | void;
}

/** Where a part of the engine adds a service (tool groups with a browser or MCP servers, channel adapters). */
export interface ServiceRegistry {
  add(service: EngineService): void;
}

export class Lifecycle implements ServiceRegistry {
  private readonly services: EngineService[] = [];
  private stopping?: Promise<void>;
  private resolveFinished!: (code: number) => void;
  /** Resolves with the exit code once everything has stopped (75 = restart requested). */
  readonly finished = new Promise<number>((resolve) => this.resolveFinished = resolve);

  constructor(private readonly logger: Logger, private readonly audit: AuditRecorder) {}

  add(service: EngineService): void {
    this.services.push(service);
  }

  async startAll(): Promise<void> {
    for (const service of this.services) await service.start?.();
  }

  /** Answers first: the engine stops a moment later and exits 75 for the supervisor. */
  readonly requestRestart = (): void => {
    this.audit.record("restart", "", "", {});
    this.logger.info("engine_restart", "Restart requested: exiting with code 75 for the supervisor", {});
    setTimeout(() => void this.stop(RESTART_EXIT_CODE), 100);
  };

  /** Stops every service in reverse order; a failing stop is logged and the next one still runs. */
  stop(exitCode = 0): Promise<void> {
    this.stopping ??= (async () => {
      for (const service of [...this.services].reverse()) {
        try {
          await service.stop();
        } catch (error) {
          this.logger.error(
            "service_stop_failed",
            `Stopping ${service.name} failed: ${(error as Error).message}`,
            {},
          );
        }
      }
      this.logger.info("engine_stopped", "Engine stopped", { exit_code: exitCode });
      this.resolveFinished(exitCode);
    })();
    return this.stopping;
  }
}
