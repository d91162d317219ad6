/** `email.*` from config as the mail tools use it: servers with their ports and TLS, and how each logs in. */
import type { EmailConfig } from "../mail_calendar_config.ts";
import { ToolError } from "../../lib/errors.ts";

export type MailLogin =
  | { mode: "password"; username: string; password: string }
  | { mode: "oauth2"; account: string }
  | { mode: "none" };

export interface MailServer {
  protocol: "IMAP" | "SMTP";
  host: string;
  port: number;
  /** Implicit TLS from the first byte; without it the client still upgrades with STARTTLS when offered. */
  tls: boolean;
  login: MailLogin;
}

export interface EmailSettings {
  imap?: MailServer;
  smtp?: MailServer;
  /** The From address of sent mail. */
  from?: string;
}

export function emailSettings(email: EmailConfig): EmailSettings {
  const { imap, smtp } = email;
  const oauthAccount = imap?.auth_mode === "oauth2" ? imap.account : undefined;
  return {
    imap: imap?.host
      ? {
        protocol: "IMAP",
        host: imap.host,
        port: imap.port ?? (imap.tls === false ? 143 : 993),
        tls: imap.tls ?? true,
        login: oauthAccount !== undefined
          ? { mode: "oauth2", account: oauthAccount }
          : { mode: "password", username: imap.username ?? "", password: imap.password ?? "" },
      }
      : undefined,
    smtp: smtp?.host
      ? {
        protocol: "SMTP",
        host: smtp.host,
        port: smtp.port ?? (smtp.tls === false ? 587 : 465),
        tls: smtp.tls ?? true,
        login: smtpLogin(smtp, oauthAccount),
      }
      : undefined,
    from: smtp?.from ?? oauthAccount ?? smtp?.username,
  };
}

/** A password when one is set; else the IMAP account's OAuth2 grant; else no login (a local relay). */
function smtpLogin(smtp: NonNullable<EmailConfig["smtp"]>, oauthAccount?: string): MailLogin {
  if (smtp.password !== undefined && smtp.password !== "") {
    return { mode: "password", username: smtp.username ?? smtp.from ?? "", password: smtp.password };
  }
  if (oauthAccount) return { mode: "oauth2", account: smtp.username || oauthAccount };
  return { mode: "none" };
}

export function requireImap(settings: EmailSettings): MailServer {
  if (!settings.imap) throw new ToolError("Email is not configured: set email.imap.host in config.yaml");
  if (settings.imap.login.mode === "password" && !settings.imap.login.username) {
    throw new ToolError(
      "Email is not configured: set email.imap.username (or auth_mode oauth2 with account)",
    );
  }
  if (settings.imap.login.mode === "oauth2" && !settings.imap.login.account) {
    throw new ToolError(
      "Email is not configured: email.imap.auth_mode is oauth2 but email.imap.account is empty",
    );
  }
  return settings.imap;
}

export function requireSmtp(settings: EmailSettings): { server: MailServer; from: string } {
  if (!settings.smtp) {
    throw new ToolError("Sending email is not configured: set email.smtp.host in config.yaml");
  }
  if (!settings.from) {
    throw new ToolError("Sending email is not configured: set email.smtp.from in config.yaml");
  }
  return { server: settings.smtp, from: settings.from };
}

export function serverName(server: MailServer): string {
  return `${server.protocol} server "${server.host}:${server.port}"`;
}
