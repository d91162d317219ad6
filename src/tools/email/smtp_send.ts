/** Hands one finished mail to the SMTP server with nodemailer: bounded timeouts, a password or an OAuth2 token
 * (refreshed and retried once when refused), and the server's verdict per recipient. */
// @ts-types="@types/nodemailer"
import type nodemailerModule from "nodemailer";
import { importWhenNeeded } from "../../lib/import_when_needed.ts";
import type { MailConnectionOptions } from "./imap_session.ts";
import type { MailServer } from "./email_settings.ts";
import { isAuthFailure, mailError } from "./mail_errors.ts";
import type { LoadedAttachment } from "./mail_attachments.ts";

export interface OutgoingMail {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  inReplyTo?: string;
  references?: string[];
  attachments: LoadedAttachment[];
}

export interface SendOutcome {
  messageId: string;
  accepted: string[];
  rejected: string[];
}

export async function sendMail(
  server: MailServer,
  mail: OutgoingMail,
  options: MailConnectionOptions,
  signal: AbortSignal,
): Promise<SendOutcome> {
  const timeoutSeconds = options.timeoutSeconds ?? 30;
  try {
    try {
      return await sendOnce(server, mail, options, signal, false);
    } catch (error) {
      if (server.login.mode !== "oauth2" || !isAuthFailure(error as never)) throw error;
      return await sendOnce(server, mail, options, signal, true);
    }
  } catch (error) {
    if (signal.aborted) throw mailError(new Error("The call was cancelled"), server, timeoutSeconds);
    throw mailError(error, server, timeoutSeconds);
  }
}

async function sendOnce(
  server: MailServer,
  mail: OutgoingMail,
  options: MailConnectionOptions,
  signal: AbortSignal,
  forceRefresh: boolean,
): Promise<SendOutcome> {
  const timeoutMs = (options.timeoutSeconds ?? 30) * 1000;
  // Loaded on first send: an engine that never mails never loads nodemailer.
  const nodemailer = (await importWhenNeeded<{ default: typeof nodemailerModule }>("nodemailer")).default;
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.tls,
    auth: await login(server, options, signal, forceRefresh),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    tls: options.tls as never,
    // Nothing of the conversation is logged: it would hold the mail and the credentials.
    logger: false,
    debug: false,
    // Content is handed over as bytes; a path or URL in a field is never fetched by the library.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const abort = () => transport.close();
  signal.addEventListener("abort", abort, { once: true });
  try {
    const info = await transport.sendMail({
      from: mail.from,
      to: mail.to,
      cc: mail.cc.length ? mail.cc : undefined,
      bcc: mail.bcc.length ? mail.bcc : undefined,
      subject: mail.subject,
      text: mail.text,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      attachments: mail.attachments.map((item) => ({
        filename: item.filename,
        content: item.content as never,
      })),
    });
    return {
      messageId: String(info.messageId ?? ""),
      accepted: (info.accepted ?? []).map(String),
      rejected: (info.rejected ?? []).map(String),
    };
  } finally {
    signal.removeEventListener("abort", abort);
    transport.close();
  }
}

async function login(
  server: MailServer,
  options: MailConnectionOptions,
  signal: AbortSignal,
  forceRefresh: boolean,
) {
  const credentials = server.login;
  if (credentials.mode === "none") return undefined;
  if (credentials.mode === "password") return { user: credentials.username, pass: credentials.password };
  if (!options.tokens) throw new Error(`OAuth2 login for "${credentials.account}" needs the token store`);
  const token = await options.tokens.get(credentials.account, "mail", { forceRefresh, signal });
  return { type: "OAuth2" as const, user: credentials.account, accessToken: token.token };
}
