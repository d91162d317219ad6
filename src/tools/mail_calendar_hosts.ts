/** The hosts the email and calendar tools reach, from config: the engine's network permission lists them when
 * it is not open. */
import type { MailCalendarConfig as Config } from "./mail_calendar_config.ts";

/** Hosts the engine must reach for mail and calendars (its network permission when it is not open). */
export function mailCalendarHosts(config: Config): string[] {
  const hosts: string[] = [];
  const add = (host: string | undefined, port?: number) =>
    host && hosts.push(port ? `${host}:${port}` : host);
  const url = (value: string | undefined) => {
    try {
      if (value) hosts.push(new URL(value).host);
    } catch {
      // validated elsewhere; a bad URL reaches nothing
    }
  };
  add(config.email.imap?.host);
  add(config.email.smtp?.host);
  const calendar = config.calendar;
  url(calendar.caldav_url);
  url(calendar.api_base_url);
  if (calendar.provider === "google" && !calendar.api_base_url) hosts.push("www.googleapis.com");
  if (calendar.provider === "microsoft" && !calendar.api_base_url) hosts.push("graph.microsoft.com");
  for (const client of [config.oauth.google, config.oauth.microsoft]) url(client?.token_url);
  if (config.email.imap?.auth_mode === "oauth2" || calendar.provider === "google") {
    hosts.push("oauth2.googleapis.com");
  }
  if (config.email.imap?.auth_mode === "oauth2" || calendar.provider === "microsoft") {
    hosts.push("login.microsoftonline.com");
  }
  return [...new Set(hosts)];
}
