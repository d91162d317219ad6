/** A tiny loopback server that replays recorded vendor responses and records what the client sent. */

export interface ReplayedRequest {
  method: string;
  /** Path and query, e.g. "/v1beta/models/gemini:streamGenerateContent?alt=sse". */
  url: string;
  headers: Headers;
  // deno-lint-ignore no-explicit-any
  body: any;
}

export type Reply =
  | { status?: number; body: string; contentType?: string; headers?: Record<string, string> }
  | { hang: true }
  /** Sent as separate writes with a pause between them, so the client reads them separately. */
  | { chunks: string[]; pauseMs: number };

export interface ReplayServer {
  url: string;
  requests: ReplayedRequest[];
  close(): Promise<void>;
}

/** Replies are served in order; the last one repeats once the list runs out. */
export function startReplayServer(replies: Reply[]): ReplayServer {
  const requests: ReplayedRequest[] = [];
  const closing = new AbortController();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const text = await request.text();
    const url = new URL(request.url);
    requests.push({
      method: request.method,
      url: url.pathname + url.search,
      headers: request.headers,
      body: text ? JSON.parse(text) : null,
    });
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
    if ("hang" in reply) {
      // Headers go out, then nothing until the client leaves or the server closes.
      const body = new ReadableStream({
        start(controller) {
          const end = () => {
            try {
              controller.close();
            } catch {
              // The client already went away.
            }
          };
          closing.signal.addEventListener("abort", end, { once: true });
        },
      });
      return new Response(body, { headers: SSE_HEADERS });
    }
    if ("chunks" in reply) {
      return new Response(pacedBody(reply.chunks, reply.pauseMs), { headers: SSE_HEADERS });
    }
    return new Response(reply.body, {
      status: reply.status ?? 200,
      headers: { "content-type": reply.contentType ?? "text/event-stream", ...reply.headers },
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    close: async () => {
      closing.abort();
      await server.shutdown();
    },
  };
}

const SSE_HEADERS = { "content-type": "text/event-stream" };

function pacedBody(chunks: string[], pauseMs: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      if (index >= chunks.length) return controller.close();
      controller.enqueue(encoder.encode(chunks[index++]));
    },
  });
}

export function readFixture(vendor: string, name: string): string {
  return Deno.readTextFileSync(new URL(`../fixtures/${vendor}/${name}`, import.meta.url));
}

export function readJsonFixture(vendor: string, name: string): unknown {
  return JSON.parse(readFixture(vendor, name));
}

/** The `data:` payloads of an SSE fixture, parsed as JSON ("[DONE]" dropped), for the pure parsers. */
export function sseData(text: string): unknown[] {
  return text.split(/\r?\n/).filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trim())
    .filter((data) => data !== "[DONE]").map((data) => JSON.parse(data));
}
