/** Turns what imapflow and nodemailer throw (socket codes, TLS alerts, server replies) into one clear tool error
 * naming the server and what to check. Server reply text is cut short and never carries the password. */
import { ToolError } from "../../lib/errors.ts";
import { OAuthError } from "../oauth/token_endpoint.ts";
import { type MailServer, serverName } from "./email_settings.ts";

interface LibraryError {
  code?: string;
  message?: string;
  authenticationFailed?: boolean;
  responseText?: string;
  response?: string;
  responseCode?: number;
  serverResponseCode?: string;
}

const TIMEOUT_CODES = new Set([
  "ETIMEDOUT",
  "ETIMEOUT",
  "GREETING_TIMEOUT",
  "CONNECT_TIMEOUT",
  "UPGRADE_TIMEOUT",
  "SOCKET_TIMEOUT",
  "NoConnection",
]);

export function mailError(error: unknown, server: MailServer, timeoutSeconds: number): ToolError {
  if (error instanceof ToolError) return error;
  if (error instanceof OAuthError) return new ToolError(error.message);
  const details = (typeof error === "object" && error !== null ? error : {}) as LibraryError;
  const code = String(details.code ?? "");
  const message = String(details.message ?? error);
  const name = serverName(server);
  if (code === "ECONNREFUSED" || /ECONNREFUSED|connection refused/i.test(message)) {
    return new ToolError(`Cannot reach ${name}: connection refused (is it running?)`);
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || /getaddrinfo|dns error/i.test(message)) {
    return new ToolError(`Cannot reach ${name}: host not found`);
  }
  if (isTlsFailure(code, message)) {
    return new ToolError(
      `TLS connection to ${name} failed: ${
        short(message)
      } (check email.${server.protocol.toLowerCase()}.tls ` +
        `and the port: implicit TLS is usually 993 for IMAP and 465 for SMTP)`,
    );
  }
  if (TIMEOUT_CODES.has(code) || /timed? ?out/i.test(message)) {
    return new ToolError(`${capital(name)} did not answer within ${timeoutSeconds} s`);
  }
  if (isAuthFailure(details, code)) {
    const who = server.login.mode === "password"
      ? server.login.username
      : server.login.mode === "oauth2"
      ? server.login.account
      : "";
    const what = server.login.mode === "oauth2" ? "the OAuth2 token" : "the user name or password";
    return new ToolError(`${server.protocol} login as "${who}" was refused by ${name}: check ${what}`);
  }
  const reply = details.responseText ?? details.response;
  return new ToolError(`${capital(name)} failed: ${short(message)}${reply ? ` (${short(reply)})` : ""}`);
}

export function isAuthFailure(details: LibraryError, code = String(details.code ?? "")): boolean {
  return details.authenticationFailed === true || code === "EAUTH" ||
    details.serverResponseCode === "AUTHENTICATIONFAILED";
}

function isTlsFailure(code: string, message: string): boolean {
  return /^ERR_(SSL|TLS)/.test(code) || code === "ETLS" ||
    /certificate|ssl3?_|tls|wrong version number|handshake|CorruptMessage|InvalidContentType/i.test(message);
}

function short(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 200)}\u2026` : line;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
