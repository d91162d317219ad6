/** The `email` and `calendar` blocks of the settings view (GET /api/settings in docs/api.md): provider, configured, from and the OAuth2
 * accounts with whether a grant is stored. Never a password, client secret or token: only names and booleans. */
import type { Config } from "../config/schema.ts";

/** A stored OAuth2 grant as the view needs it: which provider, which account (no token). */
export interface OAuthGrantName {
  provider: string;
  account: string;
}

type OAuthProvider = "google" | "microsoft";

export interface OAuthAccountView {
  provider: OAuthProvider;
  account: string;
  /** A grant for the account is in the token store (or the credentials file carries one). */
  authorized: boolean;
  purpose: "email" | "calendar";
}

export interface EmailView {
  provider: string;
  configured: boolean;
  from: string;
  oauth_accounts: OAuthAccountView[];
}

export interface CalendarView {
  provider: string;
  configured: boolean;
  oauth_accounts: OAuthAccountView[];
}

export function emailView(config: Config, grants: OAuthGrantName[]): EmailView {
  const { smtp, imap } = config.email;
  const oauthAccount = imap?.auth_mode === "oauth2" ? imap.account : undefined;
  const grant = oauthAccount ? grants.find((entry) => same(entry.account, oauthAccount)) : undefined;
  return {
    provider: config.email.provider ?? (smtp?.host || imap?.host ? "smtp" : ""),
    configured: Boolean(imap?.host) || Boolean(smtp?.host && (smtp.from || oauthAccount)),
    from: smtp?.from ?? oauthAccount ?? "",
    oauth_accounts: oauthAccount
      ? [{
        provider: (grant?.provider as OAuthProvider | undefined) ?? guessProvider(oauthAccount),
        account: oauthAccount,
        authorized: Boolean(grant),
        purpose: "email",
      }]
      : [],
  };
}

export function calendarView(
  config: Config,
  grants: OAuthGrantName[],
  credentialsHoldGrant = false,
): CalendarView {
  const calendar = config.calendar;
  const provider = calendar.provider ?? "";
  let configured = false;
  let accounts: OAuthAccountView[] = [];
  if (provider === "caldav") configured = Boolean(calendar.caldav_url && calendar.caldav_username);
  if (provider === "microsoft") {
    const account = calendar.microsoft_account;
    configured = Boolean(account && config.oauth.microsoft?.client_id);
    accounts = account
      ? [{
        provider: "microsoft",
        account,
        authorized: grants.some((entry) => entry.provider === "microsoft" && same(entry.account, account)),
        purpose: "calendar",
      }]
      : [];
  }
  if (provider === "google") {
    configured = Boolean(calendar.google_credentials_file || config.oauth.google?.client_id);
    const named = calendar.calendar_id?.includes("@") ? calendar.calendar_id : undefined;
    const googleGrants = grants.filter((entry) => entry.provider === "google");
    accounts = named
      ? [{
        provider: "google",
        account: named,
        authorized: credentialsHoldGrant || googleGrants.some((entry) => same(entry.account, named)),
        purpose: "calendar",
      }]
      : googleGrants.map((entry) => ({
        provider: "google" as const,
        account: entry.account,
        authorized: true,
        purpose: "calendar" as const,
      }));
  }
  return { provider, configured, oauth_accounts: accounts };
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function guessProvider(account: string): OAuthProvider {
  return /@(outlook|hotmail|live|msn)\./i.test(account) ? "microsoft" : "google";
}
