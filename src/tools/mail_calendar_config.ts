/** The part of config.yaml the email and calendar tools read (`email`, `calendar`, `oauth`), as a narrow port:
 * the composition root hands in the loaded config, and the tools depend on nothing of the config module. */

export interface EmailConfig {
  provider?: string;
  smtp?: {
    host?: string;
    port?: number;
    username?: string;
    password?: string;
    from?: string;
    tls?: boolean;
  };
  imap?: {
    host?: string;
    port?: number;
    tls?: boolean;
    username?: string;
    password?: string;
    auth_mode?: "password" | "oauth2";
    account?: string;
  };
}

export interface CalendarConfig {
  provider?: "caldav" | "google" | "microsoft";
  google_credentials_file?: string;
  calendar_id?: string;
  caldav_url?: string;
  caldav_username?: string;
  caldav_password?: string;
  microsoft_account?: string;
  api_base_url?: string;
}

export interface OAuthClientConfig {
  client_id?: string;
  client_secret?: string;
  tenant_id?: string;
  token_url?: string;
  authorize_url?: string;
}

export interface MailCalendarConfig {
  email: EmailConfig;
  calendar: CalendarConfig;
  oauth: { google?: OAuthClientConfig; microsoft?: OAuthClientConfig };
  tools: { disabled_groups: readonly string[] };
}
