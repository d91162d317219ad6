/** The listener shared by the adapters whose platform pushes deliveries (webhooks): one HTTP server on the
 * configured host and port (tests: port 0), the port it got, and a close that waits for requests in flight. */
import type { AdapterSink } from "./types.ts";

export abstract class WebhookListener {
  private server?: Deno.HttpServer<Deno.NetAddr>;

  constructor(private readonly address: { host: string; port: number }) {}

  /** The port the listener got (0 before it listens). */
  get port(): number {
    return this.server?.addr.port ?? 0;
  }

  /** Starts serving deliveries to `sink`, and tells it the channel is up. */
  protected serve(sink: AdapterSink): void {
    this.server = Deno.serve(
      { hostname: this.address.host, port: this.address.port, onListen: () => {} },
      (request) => this.handle(request, sink),
    );
    sink.alive();
  }

  async close(): Promise<void> {
    await this.server?.shutdown();
  }

  protected abstract handle(request: Request, sink: AdapterSink): Promise<Response>;
}
