/** Which OAuth2 client (id, secret, endpoints, scopes) talks to each hosted provider, from `oauth.*` in config and,
 * for Google, the credentials file the console hands out. */
import type { OAuthProvider } from "./oauth_token_store.ts";
import type { GoogleCredentials } from "./google_credentials.ts";

/** What a token is for: Microsoft issues one access token per resource, so mail and calendar differ. */
export type TokenPurpose = "mail" | "calendar";

export interface OAuthClient {
  provider: OAuthProvider;
  clientId: string;
  clientSecret?: string;
  tokenUrl: string;
  authorizeUrl: string;
  /** Scope asked for on refresh, per purpose (Microsoft); undefined keeps the grant's own scopes (Google). */
  refreshScope(purpose: TokenPurpose): string | undefined;
  /** Scopes asked for when the user authorizes the engine. */
  authorizeScope: string;
}

/** `oauth.<provider>` from config, plus the endpoint overrides tests and self-hosted gateways use. */
export interface OAuthClientSettings {
  client_id?: string;
  client_secret?: string;
  tenant_id?: string;
  token_url?: string;
  authorize_url?: string;
}

const GOOGLE_SCOPES = {
  mail: "https://mail.google.com/",
  calendar: "https://www.googleapis.com/auth/calendar",
};
const MICROSOFT_SCOPES = {
  mail:
    "https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access",
  calendar: "https://graph.microsoft.com/Calendars.ReadWrite offline_access",
};

export function googleClient(
  settings: OAuthClientSettings | undefined,
  credentials?: GoogleCredentials,
): OAuthClient | undefined {
  const clientId = settings?.client_id ?? credentials?.clientId;
  if (!clientId) return undefined;
  return {
    provider: "google",
    clientId,
    clientSecret: settings?.client_id ? settings.client_secret : credentials?.clientSecret,
    tokenUrl: settings?.token_url ?? credentials?.tokenUrl ?? "https://oauth2.googleapis.com/token",
    authorizeUrl: settings?.authorize_url ?? credentials?.authorizeUrl ??
      "https://accounts.google.com/o/oauth2/v2/auth",
    refreshScope: () => undefined,
    authorizeScope: `${GOOGLE_SCOPES.mail} ${GOOGLE_SCOPES.calendar}`,
  };
}

export function microsoftClient(settings: OAuthClientSettings | undefined): OAuthClient | undefined {
  if (!settings?.client_id) return undefined;
  const tenant = encodeURIComponent(settings.tenant_id || "common");
  const root = `https://login.microsoftonline.com/${tenant}/oauth2/v2.0`;
  return {
    provider: "microsoft",
    clientId: settings.client_id,
    clientSecret: settings.client_secret,
    tokenUrl: settings.token_url ?? `${root}/token`,
    authorizeUrl: settings.authorize_url ?? `${root}/authorize`,
    refreshScope: (purpose) => MICROSOFT_SCOPES[purpose],
    // One consent covers both resources; each access token is then asked for one resource at a time.
    authorizeScope: `${MICROSOFT_SCOPES.mail} https://graph.microsoft.com/Calendars.ReadWrite`,
  };
}
