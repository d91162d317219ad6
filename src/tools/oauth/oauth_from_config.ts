/** The OAuth2 pieces the mail and calendar tools share, built from config: the token store in the engine's folder
 * and an access-token source whose clients come from `oauth.*` (and Google's credentials file). */
import { isAbsolute, join, resolve } from "node:path";
import type { MailCalendarConfig as Config } from "../mail_calendar_config.ts";
import { type AccessTokenSource, createAccessTokens } from "./access_tokens.ts";
import { googleClient, microsoftClient, type OAuthClient } from "./oauth_clients.ts";
import { fileTokenStore, type OAuthProvider, type OAuthTokenStore } from "./oauth_token_store.ts";
import { type GoogleCredentials, readGoogleCredentials } from "./google_credentials.ts";

export interface OAuthInputs {
  config: Config;
  workspace: string;
  /** Folder of config.yaml: relative file names in config resolve against it. */
  configDir: string;
  now: () => number;
  fetch?: typeof fetch;
}

export interface OAuthSetup {
  store: OAuthTokenStore;
  tokens: AccessTokenSource;
  clientFor(provider: OAuthProvider): OAuthClient | undefined;
  /** The parsed `calendar.google_credentials_file`, read on first use. */
  googleCredentials(): Promise<GoogleCredentials | undefined>;
}

/** Where grants live: inside the engine's own folder, which no tool may read. */
export function tokenStorePath(workspace: string): string {
  return join(workspace, ".engine", "oauth_tokens.json");
}

export function oauthFromConfig(inputs: OAuthInputs): OAuthSetup {
  const { config } = inputs;
  const store = fileTokenStore(tokenStorePath(inputs.workspace));
  const file = config.calendar.google_credentials_file;
  let credentials: GoogleCredentials | undefined;
  const googleCredentials = async () => {
    if (!file) return undefined;
    credentials ??= await readGoogleCredentials(isAbsolute(file) ? file : resolve(inputs.configDir, file));
    return credentials;
  };
  const clientFor = (provider: OAuthProvider) =>
    provider === "google"
      ? googleClient(config.oauth.google, credentials)
      : microsoftClient(config.oauth.microsoft);
  const tokens = createAccessTokens({ store, clientFor, now: inputs.now, fetch: inputs.fetch });
  return {
    store,
    clientFor,
    googleCredentials,
    tokens: {
      // The credentials file may name the Google client: read it before the first refresh.
      async get(account, purpose, options) {
        await googleCredentials().catch(() => undefined);
        return await tokens.get(account, purpose, options);
      },
    },
  };
}
