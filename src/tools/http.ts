/** http_request: one HTTP call with SSRF checks on every redirect hop, a timeout and a capped response. */
import { z } from "zod";
import { type CheckedUrl, checkUrl, type HostResolver, SsrfError } from "../sandbox/ssrf_guard.ts";
import { type ToolDefinition, type ToolResult } from "./types.ts";
import { ToolError } from "../lib/errors.ts";

export interface HttpToolOptions {
  /** Injected fetch; when absent, Deno's fetch with plain-http connections pinned to the checked address. */
  fetch?: typeof fetch;
  /** Host name -> addresses (default: DNS A and AAAA records). */
  resolveHost?: HostResolver;
  /** Whole-call limit including the body (default 30000). */
  timeoutMs?: number;
  /** Body bytes returned (default 1_000_000); the rest is not read. */
  maxResponseBytes?: number;
  /** Host names exempt from the private-range check. */
  allowHosts?: string[];
  /** Redirects followed, each checked (default 5). */
  maxRedirects?: number;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORBIDDEN_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "upgrade"]);
const SHOWN_HEADERS = ["content-type", "content-length", "location", "last-modified", "etag", "retry-after"];

const httpArgs = z.object({
  url: z.string().min(1).describe("http or https URL"),
  method: z.string().optional().describe(`One of ${METHODS.join(", ")} (default GET)`),
  headers: z.record(z.string(), z.string()).optional().describe("Request headers as an object of strings"),
  body: z.string().optional().describe("Request body text"),
});
type HttpArgs = z.infer<typeof httpArgs>;

export function createHttpTool(options: HttpToolOptions = {}): ToolDefinition<HttpArgs> {
  const maxBytes = options.maxResponseBytes ?? 1_000_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    name: "http_request",
    group: "http",
    description: `Make an HTTP request to a public http(s) URL. Private and local addresses are refused. ` +
      `The response body is cut at ${maxBytes} bytes.`,
    parameters: httpArgs,
    writes: (args) => !READ_METHODS.has((args.method ?? "GET").toUpperCase()),
    async execute(args, context) {
      const method = validateRequest(args);
      const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), context.signal]);
      const clients: Deno.HttpClient[] = [];
      try {
        const { response, hosts, finalUrl } = await fetchFollowingRedirects(
          args,
          method,
          signal,
          options,
          clients,
        );
        return await describeResponse(response, finalUrl, hosts, maxBytes);
      } catch (error) {
        if (error instanceof SsrfError) throw new ToolError(error.message);
        if (context.signal.aborted) throw new ToolError(`Request to "${args.url}" cancelled`);
        if (signal.aborted) throw new ToolError(`Request to "${args.url}" timed out after ${timeoutMs} ms`);
        if (error instanceof ToolError) throw error;
        throw new ToolError(
          `Request to "${args.url}" failed: ${error instanceof Error ? error.message : error}`,
        );
      } finally {
        for (const client of clients) client.close();
      }
    },
  };
}

function validateRequest(args: HttpArgs): string {
  const method = (args.method ?? "GET").toUpperCase();
  if (!(METHODS as readonly string[]).includes(method)) {
    throw new ToolError(`Invalid method "${args.method}": expected one of ${METHODS.join(", ")}`);
  }
  if (args.body !== undefined && (method === "GET" || method === "HEAD")) {
    throw new ToolError(`Invalid request: a ${method} request cannot have a body`);
  }
  for (const [name, value] of Object.entries(args.headers ?? {})) {
    if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
      throw new ToolError(`Invalid header "${name}": set by the client`);
    }
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new ToolError(`Invalid header name "${name}"`);
    if (/[\r\n\0]/.test(value)) throw new ToolError(`Invalid header "${name}": value contains a line break`);
  }
  return method;
}

async function fetchFollowingRedirects(
  args: HttpArgs,
  method: string,
  signal: AbortSignal,
  options: HttpToolOptions,
  clients: Deno.HttpClient[],
) {
  const hosts: string[] = [];
  let url = args.url;
  let headers = new Headers(args.headers ?? {});
  let body = args.body;
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0;; hop++) {
    const checked = await checkUrl(url, { resolveHost: options.resolveHost, allowHosts: options.allowHosts });
    if (!hosts.includes(checked.host)) hosts.push(checked.host);
    const response = await fetchPinned(
      checked,
      { method, headers, body, redirect: "manual", signal },
      options,
      clients,
    );
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || location === null) {
      return { response, hosts, finalUrl: checked.url.href };
    }
    await response.body?.cancel();
    if (hop >= maxRedirects) {
      throw new ToolError(`Request to "${args.url}" failed: more than ${maxRedirects} redirects`);
    }
    const next = new URL(location, checked.url);
    if (next.origin !== checked.url.origin) headers = withoutCredentials(headers);
    if (
      response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")
    ) {
      method = "GET";
      body = undefined;
    }
    url = next.href;
  }
}

/** Plain http connects to the address that was checked, so a DNS answer changed after the check
 * (rebinding) is never used. https keeps name-based connection: the certificate must match the name,
 * which an internal service cannot present for an attacker's domain. */
async function fetchPinned(
  checked: CheckedUrl,
  init: RequestInit,
  options: HttpToolOptions,
  clients: Deno.HttpClient[],
): Promise<Response> {
  if (options.fetch) return await options.fetch(checked.url.href, init);
  if (checked.url.protocol !== "http:") return await fetch(checked.url.href, init);
  const port = Number(checked.url.port || 80);
  const client = Deno.createHttpClient({ proxy: { transport: "tcp", hostname: checked.address, port } });
  clients.push(client);
  return await fetch(checked.url.href, { ...init, client } as RequestInit);
}

function withoutCredentials(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of ["authorization", "cookie", "proxy-authorization"]) copy.delete(name);
  return copy;
}

async function describeResponse(
  response: Response,
  url: string,
  hosts: string[],
  maxBytes: number,
): Promise<ToolResult> {
  const { bytes, truncated } = await readCapped(response, maxBytes);
  const lines = [`HTTP ${response.status} ${response.statusText}`.trimEnd(), `url: ${url}`];
  for (const name of SHOWN_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) lines.push(`${name}: ${value}`);
  }
  const contentType = response.headers.get("content-type") ?? "";
  const binary = bytes.subarray(0, 8000).includes(0) ||
    /^(image|audio|video)\/|octet-stream|zip|pdf/.test(contentType);
  lines.push("");
  lines.push(binary ? `[binary body, ${bytes.length} bytes]` : new TextDecoder().decode(bytes));
  if (truncated) lines.push(`[response truncated at ${maxBytes} bytes]`);
  return { output: lines.join("\n"), isError: false, reads: { hosts } };
}

/** Reads at most `maxBytes` of the body and cancels the rest, so a huge response never fills memory. */
async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    chunks.push(value.length > room ? value.subarray(0, room) : value);
    size += Math.min(value.length, room);
    if (value.length > room || size >= maxBytes) {
      truncated = value.length > room || !(await reader.read().then((next) => next.done));
      await reader.cancel().catch(() => {});
      break;
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, truncated };
}
