/** A scripted OpenAI-compatible LLM server on loopback: tests queue replies (text, tool calls, failures, hangs)
 * and read back every request the engine made. Used by provider tests and every end-to-end test. */

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. "/v1/chat/completions". */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON body, or null when there was none or it was not JSON (typed loosely for test assertions). */
  // deno-lint-ignore no-explicit-any
  body: any;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface FakeToolCall {
  id?: string;
  name: string;
  /** A string is sent as is (it may be invalid JSON on purpose); an object is JSON-encoded. */
  arguments: string | object;
}

interface StreamOptions {
  usage?: Usage;
  chunkDelayMs?: number;
  /** Overrides the finish_reason of the final chunk (default "stop", or "tool_calls" when calls are sent). */
  finishReason?: string;
  /** Drops the connection after this many SSE chunks, without finish chunk or [DONE]. */
  breakAfterChunks?: number;
}

/** A string text is streamed word by word; an array is streamed one element per chunk. */
type TextStep = { text: string | string[]; reasoning?: string } & StreamOptions;
type ToolCallStep =
  & { toolCalls: FakeToolCall[]; text?: string | string[]; reasoning?: string }
  & StreamOptions;

interface ChatBody {
  model?: unknown;
  messages?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
}

export type ScriptStep =
  | TextStep
  | ToolCallStep
  | { status: number; body?: string; headers?: Record<string, string> }
  | { hang: true }
  | { hangBeforeHeaders: true }
  | { json: unknown; status?: number };

export interface FakeLlm {
  /** Base URL including "/v1", e.g. "http://127.0.0.1:41234/v1". */
  url: string;
  requests: RecordedRequest[];
  enqueue(...steps: ScriptStep[]): void;
  setFallback(fn: (request: RecordedRequest) => ScriptStep): void;
  close(): Promise<void>;
}

export const FAKE_EMBEDDING_DIMENSION = 64;

const defaultFallback = (): ScriptStep => ({ text: "ok" });

export function startFakeLlm(
  options: { fallback?: (request: RecordedRequest) => ScriptStep } = {},
): Promise<FakeLlm> {
  const queue: ScriptStep[] = [];
  const requests: RecordedRequest[] = [];
  let fallback = options.fallback ?? defaultFallback;
  // Aborted on close() so hanging responses end and the server can shut down.
  const closing = new AbortController();
  const counter = { value: 0 };

  const handler = async (request: Request): Promise<Response> => {
    const recorded = await recordRequest(request);
    requests.push(recorded);
    const path = recorded.path.replace(/^\/v1(?=\/)/, "");
    if (request.method === "GET" && path === "/models") return jsonResponse(modelList());
    if (request.method !== "POST") return errorResponse(404, `Unknown route "${recorded.path}"`);
    if (recorded.body === null || typeof recorded.body !== "object") {
      return errorResponse(400, "Request body must be a JSON object");
    }
    if (path === "/embeddings") return embeddingsResponse(recorded.body);
    if (path !== "/chat/completions") return errorResponse(404, `Unknown route "${recorded.path}"`);
    const step = queue.shift() ?? fallback(recorded);
    // request.signal is only read for hangs before headers: Deno also aborts it after every successful
    // response (legacy behaviour, with a warning); stream bodies learn of a disconnect through cancel().
    const signal = "hangBeforeHeaders" in step
      ? AbortSignal.any([request.signal, closing.signal])
      : closing.signal;
    return await replyToChat(step, recorded.body, signal, ++counter.value);
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {}, handler });
  return Promise.resolve({
    url: `http://127.0.0.1:${server.addr.port}/v1`,
    requests,
    enqueue: (...steps) => queue.push(...steps),
    setFallback: (fn) => (fallback = fn),
    close: async () => {
      closing.abort();
      await server.shutdown();
    },
  });
}

/** Deterministic unit vector for a text: a hashed bag of lower-cased words. */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSION).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
    const hash = fnv1a(word);
    vector[hash % FAKE_EMBEDDING_DIMENSION] += (hash >>> 16) & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

async function recordRequest(request: Request): Promise<RecordedRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  let body: unknown = null;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { method: request.method, path: new URL(request.url).pathname, headers, body };
}

async function replyToChat(
  step: ScriptStep,
  body: ChatBody,
  signal: AbortSignal,
  n: number,
): Promise<Response> {
  if ("status" in step && !("json" in step)) {
    const text = step.body ?? JSON.stringify({
      error: { message: `Fake failure with status ${step.status}`, type: "fake_error", code: null },
    });
    return new Response(text, {
      status: step.status,
      headers: { "content-type": "application/json", ...step.headers },
    });
  }
  if ("json" in step) return jsonResponse(step.json, step.status ?? 200);
  if ("hangBeforeHeaders" in step) {
    await waitForAbort(signal);
    return errorResponse(503, "Fake server is closing");
  }
  if ("hang" in step) return sseResponse(signal, async (_send, stop) => await waitForAbort(stop));
  const completion = buildCompletion(step, body, n);
  if (body.stream !== true) return jsonResponse(completionJson(completion));
  const chunks = streamChunks(completion, body.stream_options?.include_usage === true);
  return sseResponse(signal, async (send, stop) => {
    for (const [index, chunk] of chunks.entries()) {
      if (step.breakAfterChunks !== undefined && index >= step.breakAfterChunks) {
        throw new Error("Fake LLM dropped the connection on purpose (breakAfterChunks)");
      }
      if (index > 0 && step.chunkDelayMs) await sleep(step.chunkDelayMs, stop);
      if (stop.aborted) return;
      send(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    send("data: [DONE]\n\n");
  });
}

interface Completion {
  id: string;
  model: string;
  textParts: string[];
  reasoning?: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string;
  usage: Usage;
}

function buildCompletion(step: TextStep | ToolCallStep, body: ChatBody, n: number): Completion {
  const textStep: Partial<TextStep & ToolCallStep> = step;
  const text = textStep.text ?? [];
  const textParts = Array.isArray(text) ? text : (text.match(/\s*\S+\s*/g) ?? (text ? [text] : []));
  const toolCalls = (textStep.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_${n}_${index}`,
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
  }));
  const outputChars = textParts.join("").length +
    toolCalls.reduce((sum, call) => sum + call.arguments.length, 0);
  return {
    id: `chatcmpl-fake${n}`,
    model: typeof body.model === "string" ? body.model : "fake-model",
    textParts,
    reasoning: textStep.reasoning,
    toolCalls,
    finishReason: textStep.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
    usage: textStep.usage ?? {
      prompt_tokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4),
      completion_tokens: Math.max(1, Math.ceil(outputChars / 4)),
    },
  };
}

/** The chunks OpenAI sends: a role chunk, content deltas, tool calls in fragments, a finish chunk, usage. */
function streamChunks(completion: Completion, includeUsage: boolean): unknown[] {
  const usageField = includeUsage ? { usage: null } : {};
  const chunk = (delta: unknown, finishReason: string | null = null) => ({
    id: completion.id,
    object: "chat.completion.chunk",
    created: 1700000000,
    model: completion.model,
    system_fingerprint: "fp_fake",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...usageField,
  });
  const chunks: unknown[] = [chunk({ role: "assistant", content: "", refusal: null })];
  for (const piece of splitInto(completion.reasoning ?? "", 3)) {
    chunks.push(chunk({ reasoning_content: piece }));
  }
  for (const part of completion.textParts) chunks.push(chunk({ content: part }));
  completion.toolCalls.forEach((call, index) => {
    chunks.push(chunk({
      tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
    }));
    for (const piece of splitInto(call.arguments, 3)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, completion.finishReason));
  if (includeUsage) {
    const { id, model } = completion;
    chunks.push({
      id,
      object: "chat.completion.chunk",
      created: 1700000000,
      model,
      system_fingerprint: "fp_fake",
      choices: [],
      usage: totalUsage(completion.usage),
    });
  }
  return chunks;
}

function completionJson(completion: Completion): unknown {
  const toolCalls = completion.toolCalls.map((call) => ({
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: call.arguments },
  }));
  const text = completion.textParts.join("");
  return {
    id: completion.id,
    object: "chat.completion",
    created: 1700000000,
    model: completion.model,
    system_fingerprint: "fp_fake",
    choices: [{
      index: 0,
      message: {
        role: "assistant",
        content: text === "" && toolCalls.length > 0 ? null : text,
        refusal: null,
        ...(completion.reasoning ? { reasoning_content: completion.reasoning } : {}),
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
      logprobs: null,
      finish_reason: completion.finishReason,
    }],
    usage: totalUsage(completion.usage),
  };
}

function embeddingsResponse(body: { input?: unknown; model?: unknown; encoding_format?: unknown }): Response {
  const input = typeof body.input === "string" ? [body.input] : body.input;
  if (!Array.isArray(input) || !input.every((item) => typeof item === "string")) {
    return errorResponse(400, `Field "input" must be a string or an array of strings`);
  }
  const base64 = body.encoding_format === "base64";
  const data = input.map((text: string, index: number) => {
    const vector = fakeEmbedding(text);
    return { object: "embedding", index, embedding: base64 ? toBase64Floats(vector) : vector };
  });
  const tokens = input.reduce((sum: number, text: string) => sum + Math.ceil(text.length / 4), 0);
  return jsonResponse({
    object: "list",
    data,
    model: typeof body.model === "string" ? body.model : "fake-embedding",
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

function sseResponse(
  signal: AbortSignal,
  produce: (send: (text: string) => void, stop: AbortSignal) => Promise<void>,
): Response {
  const encoder = new TextEncoder();
  let open = true;
  const cancelled = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = (error?: unknown) => {
        if (!open) return;
        open = false;
        // An error drops the connection mid-stream, as a broken upstream would.
        if (error === undefined) controller.close();
        else controller.error(error);
      };
      signal.addEventListener("abort", () => end(), { once: true });
      const send = (text: string) => open && controller.enqueue(encoder.encode(text));
      produce(send, AbortSignal.any([signal, cancelled.signal])).then(
        () => end(),
        (error) => end(error ?? new Error("Dropped")),
      );
    },
    cancel() {
      open = false;
      cancelled.abort();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

function splitInto(text: string, parts: number): string[] {
  if (text === "") return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function totalUsage(usage: Usage) {
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}

function modelList(): unknown {
  return {
    object: "list",
    data: [{ id: "fake-model", object: "model", created: 1700000000, owned_by: "fake" }],
  };
}

function jsonResponse(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
}

function errorResponse(status: number, message: string): Response {
  return jsonResponse({ error: { message, type: "invalid_request_error", code: null } }, status);
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

function toBase64Floats(vector: number[]): string {
  const bytes = new Uint8Array(new Float32Array(vector).buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
