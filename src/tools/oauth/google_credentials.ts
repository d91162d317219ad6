/** Reads `calendar.google_credentials_file`: the OAuth client JSON from the Google console (`installed` or `web`),
 * or an `authorized_user` file (client plus refresh token, as `gcloud auth application-default login` writes). */
import { z } from "zod";

export interface GoogleCredentials {
  clientId: string;
  clientSecret?: string;
  tokenUrl?: string;
  authorizeUrl?: string;
  /** Present in an `authorized_user` file: the grant itself, no token store needed. */
  refreshToken?: string;
}

const client = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().optional(),
  token_uri: z.url().optional(),
  auth_uri: z.url().optional(),
});
const authorizedUser = z.object({
  type: z.literal("authorized_user"),
  client_id: z.string().min(1),
  client_secret: z.string().optional(),
  refresh_token: z.string().min(1),
  token_uri: z.url().optional(),
});

export function parseGoogleCredentials(text: string, file: string): GoogleCredentials {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Google credentials file "${file}" is not JSON: ${(error as Error).message}`);
  }
  const user = authorizedUser.safeParse(json);
  if (user.success) {
    return {
      clientId: user.data.client_id,
      clientSecret: user.data.client_secret,
      tokenUrl: user.data.token_uri,
      refreshToken: user.data.refresh_token,
    };
  }
  const record = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  const parsed = client.safeParse(record.installed ?? record.web);
  if (!parsed.success) {
    throw new Error(
      `Google credentials file "${file}" is not an OAuth client file: expected an "installed" or "web" client, ` +
        `or "type": "authorized_user" with a refresh_token`,
    );
  }
  return {
    clientId: parsed.data.client_id,
    clientSecret: parsed.data.client_secret,
    tokenUrl: parsed.data.token_uri,
    authorizeUrl: parsed.data.auth_uri,
  };
}

export async function readGoogleCredentials(file: string): Promise<GoogleCredentials> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    throw new Error(`Cannot read the Google credentials file "${file}": ${(error as Error).message}`);
  }
  return parseGoogleCredentials(text, file);
}
