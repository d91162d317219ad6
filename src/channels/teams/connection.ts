/** The Teams messaging endpoint (POST /api/messages): body capped, the bearer token verified against the Bot
 * Framework keys before the activity is read, and 200 only once the message is stored (else 500: Teams retries). */
import { BodyTooLargeError, readCapped } from "../http_body.ts";
import type { AdapterSink } from "../types.ts";
import { WebhookListener } from "../webhook_listener.ts";
import { parseActivity, serviceUrlOf } from "./inbound.ts";
import type { JwtVerifier } from "./jwt_verifier.ts";

export const MAX_ACTIVITY_BYTES = 256 * 1024;

export interface EndpointOptions {
  host: string;
  port: number;
  verifier: JwtVerifier;
  log: (message: string) => void;
  answerPress: (chatId: string, text: string) => Promise<void>;
}

export class TeamsEndpoint extends WebhookListener {
  constructor(private readonly options: EndpointOptions) {
    super(options);
  }

  listen(sink: AdapterSink): void {
    this.serve(sink);
  }

  protected async handle(request: Request, sink: AdapterSink): Promise<Response> {
    if (new URL(request.url).pathname !== "/api/messages") return new Response("Not found", { status: 404 });
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(await readCapped(request.body, MAX_ACTIVITY_BYTES)));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return new Response("Body too large", { status: 413 });
      return new Response("Body is not JSON", { status: 400 });
    }
    const problem = await this.options.verifier.problem(
      request.headers.get("authorization"),
      serviceUrlOf(raw),
    );
    if (problem) {
      this.options.log(`Refused a Teams activity: ${problem}`);
      return new Response("Unauthorized", { status: 401 });
    }
    sink.alive();
    const parsed = parseActivity(raw);
    try {
      if (parsed.kind === "invalid") this.options.log(`Skipped an invalid Teams activity: ${parsed.error}`);
      if (parsed.kind === "message") await sink.receive(parsed.message);
      if (parsed.kind === "button") {
        const text = await sink.button(parsed.answer);
        void this.options.answerPress(parsed.answer.chatId, text).catch((error) =>
          this.options.log(`Could not answer a Teams card submit: ${error.message}`)
        );
      }
    } catch (error) {
      this.options.log(`Could not store a Teams activity (it will be retried): ${(error as Error).message}`);
      return new Response("Not stored", { status: 500 });
    }
    return new Response(null, { status: 200 });
  }
}
