/** The calendar provider `calendar.*` names, built on first use (a broken setting is a tool error, not a failed
 * start) and the user's own domains, which decide who counts as an outside attendee. */
import type { MailCalendarConfig as Config } from "../mail_calendar_config.ts";
import { ToolError } from "../../lib/errors.ts";
import { createAccessTokens } from "../oauth/access_tokens.ts";
import { memoryTokenStore } from "../oauth/oauth_token_store.ts";
import type { OAuthSetup } from "../oauth/oauth_from_config.ts";
import type { CalendarProvider } from "./calendar_provider.ts";
import { importWhenNeeded } from "../../lib/import_when_needed.ts";
import { createGoogleCalendarProvider } from "./google_calendar_provider.ts";
import { createMicrosoftCalendarProvider } from "./microsoft_calendar_provider.ts";
import { domainsOf } from "./outside_attendees.ts";
import type { RestAuth } from "./rest_client.ts";
import type { CalendarToolOptions } from "./calendar_tools.ts";

export interface CalendarInputs {
  config: Config;
  oauth: OAuthSetup;
  now: () => number;
  timeoutSeconds?: number;
  fetch?: typeof fetch;
}

export function calendarToolOptions(inputs: CalendarInputs): CalendarToolOptions {
  const { calendar, email } = inputs.config;
  let provider: Promise<CalendarProvider> | undefined;
  return {
    provider: () => {
      provider ??= buildProvider(inputs).catch((error) => {
        provider = undefined;
        throw error instanceof ToolError ? error : new ToolError((error as Error).message);
      });
      return provider;
    },
    ownDomains: domainsOf([
      calendar.caldav_username,
      calendar.calendar_id,
      calendar.microsoft_account,
      email.smtp?.from,
      email.imap?.account,
      email.imap?.username,
    ]),
    now: inputs.now,
  };
}

async function buildProvider(inputs: CalendarInputs): Promise<CalendarProvider> {
  const { calendar, email } = inputs.config;
  const common = { timeoutSeconds: inputs.timeoutSeconds, fetch: inputs.fetch };
  switch (calendar.provider) {
    case "caldav": {
      if (!calendar.caldav_url || !calendar.caldav_username) {
        throw new ToolError(
          "The calendar is not configured: set calendar.caldav_url and calendar.caldav_username",
        );
      }
      const organizer = [calendar.caldav_username, email.smtp?.from, email.imap?.account]
        .find((value) => value?.includes("@"));
      // Loaded on first use with tsdav and ical.js: an engine without a CalDAV calendar never loads them.
      const { createCalDavProvider } = await importWhenNeeded<typeof import("./caldav_provider.ts")>(
        new URL("./caldav_provider.ts", import.meta.url),
      );
      return createCalDavProvider({
        url: calendar.caldav_url,
        username: calendar.caldav_username,
        password: calendar.caldav_password ?? "",
        calendar: calendar.calendar_id,
        organizer,
        now: inputs.now,
        ...common,
      });
    }
    case "google":
      return createGoogleCalendarProvider({
        baseUrl: calendar.api_base_url,
        calendarId: calendar.calendar_id,
        auth: await googleAuth(inputs),
        ...common,
      });
    case "microsoft": {
      const account = calendar.microsoft_account;
      if (!account) throw new ToolError("The calendar is not configured: set calendar.microsoft_account");
      return createMicrosoftCalendarProvider({
        baseUrl: calendar.api_base_url,
        calendarId: calendar.calendar_id,
        auth: { tokens: inputs.oauth.tokens, provider: "microsoft", account: () => Promise.resolve(account) },
        ...common,
      });
    }
    default:
      throw new ToolError(
        "The calendar is not configured: set calendar.provider (caldav, google or microsoft)",
      );
  }
}

/** An `authorized_user` credentials file carries its own grant; otherwise the store's Google grant of the
 * calendar's account (calendar_id when it is an address, else the only Google account authorized). */
async function googleAuth(inputs: CalendarInputs): Promise<RestAuth> {
  const credentials = await inputs.oauth.googleCredentials();
  const calendarId = inputs.config.calendar.calendar_id;
  const named = calendarId?.includes("@") ? calendarId : undefined;
  if (credentials?.refreshToken) {
    const account = named ?? "google-credentials-file";
    const store = memoryTokenStore([{
      provider: "google",
      account,
      refresh_token: credentials.refreshToken,
      access: {},
    }]);
    const tokens = createAccessTokens({
      store,
      clientFor: () => inputs.oauth.clientFor("google"),
      now: inputs.now,
      fetch: inputs.fetch,
    });
    return { tokens, provider: "google", account: () => Promise.resolve(account) };
  }
  return {
    tokens: inputs.oauth.tokens,
    provider: "google",
    account: async () => {
      if (named) return named;
      const grants = (await inputs.oauth.store.list()).filter((grant) => grant.provider === "google");
      if (grants.length === 1) return grants[0].account;
      throw new ToolError(
        grants.length === 0
          ? 'No Google account is authorized: run "deno task start -- auth google --account ADDRESS"'
          : "Several Google accounts are authorized: set calendar.calendar_id to the calendar's address",
      );
    },
  };
}
