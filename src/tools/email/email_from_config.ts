/** The email tool group from config: `email.*` settings, the shared OAuth2 token source and the workspace rules
 * attachments follow. */
import type { MailCalendarConfig as Config } from "../mail_calendar_config.ts";
import type { ProtectedPaths } from "../../workspace/protected_paths.ts";
import type { AnyTool } from "../types.ts";
import type { OAuthSetup } from "../oauth/oauth_from_config.ts";
import { emailSettings } from "./email_settings.ts";
import { createEmailTools } from "./email_tools.ts";

export interface EmailInputs {
  config: Config;
  oauth: OAuthSetup;
  workspace: string;
  home: string;
  protectedPaths?: ProtectedPaths;
  timeoutSeconds?: number;
}

export function emailToolsFromConfig(inputs: EmailInputs): AnyTool[] {
  return createEmailTools({
    settings: emailSettings(inputs.config.email),
    tokens: inputs.oauth.tokens,
    workspace: inputs.workspace,
    home: inputs.home,
    protectedPaths: inputs.protectedPaths,
    timeoutSeconds: inputs.timeoutSeconds,
  });
}
