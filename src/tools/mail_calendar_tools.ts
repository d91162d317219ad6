/** The email and calendar tool groups from config, sharing one OAuth2 setup (token store in the engine's folder). */
import { dirname } from "node:path";
import type { MailCalendarConfig as Config } from "./mail_calendar_config.ts";
import type { ProtectedPaths } from "../security/protected_paths.ts";
import type { AnyTool } from "./types.ts";
import { oauthFromConfig } from "./oauth/oauth_from_config.ts";
import { emailToolsFromConfig } from "./email/email_from_config.ts";
import { calendarToolOptions } from "./calendar/calendar_from_config.ts";
import { createCalendarTools } from "./calendar/calendar_tools.ts";

export interface MailCalendarInputs {
  config: Config;
  workspace: string;
  home: string;
  /** config.yaml: relative files named in config (Google's credentials) resolve against its folder. */
  configPath?: string;
  protectedPaths?: ProtectedPaths;
  now?: () => number;
}

export function createMailCalendarTools(inputs: MailCalendarInputs): AnyTool[] {
  const now = inputs.now ?? Date.now;
  const oauth = oauthFromConfig({
    config: inputs.config,
    workspace: inputs.workspace,
    configDir: inputs.configPath ? dirname(inputs.configPath) : inputs.workspace,
    now,
  });
  return [
    ...emailToolsFromConfig({ ...inputs, oauth }),
    ...createCalendarTools(calendarToolOptions({ config: inputs.config, oauth, now })),
  ];
}

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
