/** One IMAP connection per tool call: opened with bounded timeouts and response sizes, logged in with a password or
 * an OAuth2 token (refreshed and retried once when the server refuses it), closed whatever happens. */
// Type-only: imapflow reads the host name when loaded, which the shield CLI (no sys permission) must not trigger.
import type { ImapFlow, ImapFlowOptions } from "imapflow";
import type { AccessTokenSource } from "../oauth/access_tokens.ts";
import type { MailServer } from "./email_settings.ts";
import { isAuthFailure, mailError } from "./mail_errors.ts";
import { importWhenNeeded } from "../../lib/import_when_needed.ts";

export interface MailConnectionOptions {
  /** Seconds allowed to connect, for the greeting, and of silence on an open connection (default 30). */
  timeoutSeconds?: number;
  /** Access tokens for `auth_mode: oauth2`. */
  tokens?: AccessTokenSource;
  /** Extra TLS options (tests pass their own certificate authority). */
  tls?: ImapFlowOptions["tls"];
}

/** A message larger than this is refused by the client before it fills memory. */
const MAX_LITERAL_BYTES = 40 * 1024 * 1024;

export async function withImap<T>(
  server: MailServer,
  options: MailConnectionOptions,
  signal: AbortSignal,
  run: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const timeoutSeconds = options.timeoutSeconds ?? 30;
  try {
    let client: ImapFlow;
    try {
      client = await connect(server, options, signal, false);
    } catch (error) {
      if (server.login.mode !== "oauth2" || !isAuthFailure(error as never)) throw error;
      // A token the server refuses may have been revoked or cut short: one fresh token, one more try.
      client = await connect(server, options, signal, true);
    }
    const abort = () => client.close();
    signal.addEventListener("abort", abort, { once: true });
    try {
      return await run(client);
    } finally {
      signal.removeEventListener("abort", abort);
      await logout(client, timeoutSeconds);
    }
  } catch (error) {
    if (signal.aborted) throw mailError(new Error("The call was cancelled"), server, timeoutSeconds);
    throw mailError(error, server, timeoutSeconds);
  }
}

async function connect(
  server: MailServer,
  options: MailConnectionOptions,
  signal: AbortSignal,
  forceRefresh: boolean,
): Promise<ImapFlow> {
  const timeoutMs = (options.timeoutSeconds ?? 30) * 1000;
  const { ImapFlow } = await importWhenNeeded<typeof import("imapflow")>("imapflow");
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server.tls,
    auth: await credentials(server, options, signal, forceRefresh),
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    maxLiteralSize: MAX_LITERAL_BYTES,
    maxResponseSize: MAX_LITERAL_BYTES + 1024 * 1024,
    tls: options.tls,
  });
  // imapflow reports a dropped connection as an "error" event too; unheard, it would end the engine.
  client.on("error", () => {});
  if (signal.aborted) throw new Error("The call was cancelled");
  await client.connect();
  return client;
}

async function credentials(
  server: MailServer,
  options: MailConnectionOptions,
  signal: AbortSignal,
  forceRefresh: boolean,
): Promise<{ user: string; pass?: string; accessToken?: string }> {
  const login = server.login;
  if (login.mode === "password") return { user: login.username, pass: login.password };
  if (login.mode === "none") return { user: "", pass: "" };
  if (!options.tokens) throw new Error(`OAuth2 login for "${login.account}" needs the token store`);
  const token = await options.tokens.get(login.account, "mail", { forceRefresh, signal });
  return { user: login.account, accessToken: token.token };
}

async function logout(client: ImapFlow, timeoutSeconds: number): Promise<void> {
  if (!client.usable) {
    client.close();
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      client.logout(),
      new Promise((resolve) => timer = setTimeout(resolve, Math.min(timeoutSeconds, 5) * 1000)),
    ]);
  } catch {
    // The answer is in; a failed goodbye changes nothing.
  } finally {
    clearTimeout(timer);
    client.close();
  }
}
