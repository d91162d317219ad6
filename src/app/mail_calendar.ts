/** The email and calendar tool groups: one OAuth2 setup (token store in the engine's folder) shared by both, built
 * from the loaded config. */
import { dirname } from "node:path";
import { calendarToolOptions } from "../tools/calendar/calendar_from_config.ts";
import { createCalendarTools } from "../tools/calendar/calendar_tools.ts";
import { emailToolsFromConfig } from "../tools/email/email_from_config.ts";
import { oauthFromConfig, type OAuthSetup, tokenStorePath } from "../tools/oauth/oauth_from_config.ts";
import { readGrantsSync } from "../tools/oauth/oauth_token_store.ts";
import type { AnyTool } from "../tools/types.ts";
import type { ToolGroupInputs } from "./tool_groups.ts";

const setups = new WeakMap<ToolGroupInputs, OAuthSetup>();

function oauthOf(inputs: ToolGroupInputs): OAuthSetup {
  let setup = setups.get(inputs);
  if (!setup) {
    setup = oauthFromConfig({
      config: inputs.config,
      workspace: inputs.workspace,
      configDir: inputs.configPath ? dirname(inputs.configPath) : inputs.workspace,
      now: Date.now,
    });
    setups.set(inputs, setup);
  }
  return setup;
}

export function emailTools(inputs: ToolGroupInputs): AnyTool[] {
  return emailToolsFromConfig({
    config: inputs.config,
    oauth: oauthOf(inputs),
    workspace: inputs.workspace,
    home: inputs.home,
    protectedPaths: inputs.protectedPaths,
  });
}

export function calendarTools(inputs: ToolGroupInputs): AnyTool[] {
  return createCalendarTools(
    calendarToolOptions({ config: inputs.config, oauth: oauthOf(inputs), now: Date.now }),
  );
}

/** Stored grants by provider and account (no tokens), for the settings view. */
export function oauthGrantNames(workspace: string): { provider: string; account: string }[] {
  return readGrantsSync(tokenStorePath(workspace)).map(({ provider, account }) => ({ provider, account }));
}
