/** `parapet auth google|microsoft --account ADDRESS`: authorizes the engine for a mail or calendar account in the
 * browser and saves the grant in the workspace's token store. */
import { dirname } from "node:path";
import { loadConfig } from "../config/load_config.ts";
import { configPathFrom, type OptionValues } from "./options.ts";
import { UsageError } from "./arguments.ts";
import { authorizeAccount } from "../tools/oauth/authorize_account.ts";
import { oauthFromConfig } from "../tools/oauth/oauth_from_config.ts";
import { OAUTH_PROVIDERS, type OAuthProvider } from "../tools/oauth/oauth_token_store.ts";

export async function authCommand(positionals: string[], options: OptionValues): Promise<number> {
  const provider = positionals[0] as OAuthProvider;
  if (!OAUTH_PROVIDERS.includes(provider)) {
    throw new UsageError(`Unknown provider "${positionals[0]}" for "auth": expected google or microsoft`);
  }
  const account = typeof options.account === "string" ? options.account.trim() : "";
  if (!account.includes("@")) throw new UsageError('Missing option for "auth": --account ADDRESS');
  const loaded = await loadConfig(configPathFrom(options));
  const oauth = oauthFromConfig({
    config: loaded.config,
    workspace: loaded.workspace,
    configDir: dirname(loaded.path),
    now: Date.now,
  });
  await oauth.googleCredentials();
  const client = oauth.clientFor(provider);
  if (!client) {
    console.error(
      `Cannot authorize "${account}": set oauth.${provider}.client_id (and client_secret) in ${loaded.path}` +
        (provider === "google" ? " or calendar.google_credentials_file" : ""),
    );
    return 1;
  }
  try {
    await authorizeAccount({
      client,
      account,
      store: oauth.store,
      now: Date.now,
      show: (url) =>
        console.log(`Open this address in a browser on this machine and allow access:\n\n  ${url}\n`),
    });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  console.log(`Authorized "${account}" (${provider}); the engine uses the grant from now on.`);
  return 0;
}
