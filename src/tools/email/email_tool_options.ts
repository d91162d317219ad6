/** What every email tool is built from: the settings, the token source for OAuth2, limits and the workspace rules
 * attachments follow. */
import type { AccessTokenSource } from "../oauth/access_tokens.ts";
import type { ProtectedPaths } from "../../workspace/protected_paths.ts";
import type { EmailSettings } from "./email_settings.ts";
import type { MailConnectionOptions } from "./imap_session.ts";

export interface EmailToolOptions {
  settings: EmailSettings;
  tokens?: AccessTokenSource;
  /** Seconds to connect, greet and stay silent before a server counts as down (default 30). */
  timeoutSeconds?: number;
  /** Extra TLS options for both protocols (a test certificate authority). */
  tls?: MailConnectionOptions["tls"];
  /** Characters of a mail body handed to the model (default 20000). */
  maxBodyChars?: number;
  /** Attachments come only from here (symlinks resolved, protected paths refused). */
  workspace: string;
  home: string;
  protectedPaths?: ProtectedPaths;
  /** Bytes one attachment may have (default 10 MB); all together twice that. */
  maxAttachmentBytes?: number;
}

export function connectionOptions(options: EmailToolOptions): MailConnectionOptions {
  return { timeoutSeconds: options.timeoutSeconds, tokens: options.tokens, tls: options.tls };
}
