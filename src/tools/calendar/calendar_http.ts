/** HTTP for every calendar provider: each request bounded in time and tied to the call's signal, network failures
 * and refused logins turned into tool errors naming the server, answers read up to a cap. */
import { ToolError } from "../../lib/errors.ts";

export interface CalendarHttpOptions {
  /** "CalDAV server \"host\"", "Google Calendar", "Microsoft Graph". */
  label: string;
  timeoutSeconds: number;
  fetch?: typeof fetch;
  /** What to check when the server refuses the credentials. */
  loginHint: string;
}

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/** A fetch for one tool call: a 401 or 403 becomes a ToolError, so libraries (tsdav) stop at once. */
export function boundedFetch(options: CalendarHttpOptions, signal: AbortSignal): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(options.timeoutSeconds * 1000);
    const combined = AbortSignal.any([signal, timeout, ...(init?.signal ? [init.signal] : [])]);
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(input, { ...init, signal: combined });
    } catch (error) {
      if (signal.aborted) throw new ToolError("The call was cancelled");
      if (timeout.aborted) {
        throw new ToolError(`${capital(options.label)} did not answer within ${options.timeoutSeconds} s`);
      }
      throw new ToolError(`Cannot reach ${options.label}: ${networkReason(error)}`);
    }
    if (response.status === 401 || response.status === 403) {
      const detail = (await readCapped(response)).slice(0, 200).replace(/\s+/g, " ").trim();
      throw new LoginRefused(options, response.status, detail);
    }
    return response;
  };
}

export class LoginRefused extends ToolError {
  constructor(options: CalendarHttpOptions, readonly status: number, detail: string) {
    super(
      `${capital(options.label)} refused the login (HTTP ${status}): check ${options.loginHint}` +
        (detail && status === 403 ? ` (${detail})` : ""),
    );
  }
}

/** The body as text, at most 5 MB; past that the answer is refused rather than cut (it would not parse). */
export async function readCapped(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new ToolError(`The calendar server's answer is larger than ${MAX_RESPONSE_BYTES} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes);
}

function networkReason(error: unknown): string {
  // Deno's fetch says "fetch failed" and keeps the reason in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? ` ${error.cause.message}` : "";
  const message = (error instanceof Error ? error.message : String(error)) + cause;
  if (/refused/i.test(message)) return "connection refused (is it running?)";
  if (/certificate|tls|ssl|handshake|corrupt message|InvalidContentType|UnknownIssuer/i.test(message)) {
    const detail = (cause || message).trim();
    return `TLS failed: ${detail.slice(0, 200)} (check the https/http scheme of the URL and the certificate)`;
  }
  if (/dns|lookup|resolve/i.test(message)) return "host not found";
  return (cause || message).trim().slice(0, 200);
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
