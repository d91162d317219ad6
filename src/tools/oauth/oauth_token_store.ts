/** OAuth2 grants by account: `<workspace>/.engine/oauth_tokens.json` (mode 0600, under the engine's protected
 * folder, so no tool reads it). One record per provider and account, with access tokens cached per purpose. */
import { dirname } from "node:path";
import { z } from "zod";

export const OAUTH_PROVIDERS = ["google", "microsoft"] as const;
export type OAuthProvider = typeof OAUTH_PROVIDERS[number];

const accessToken = z.object({
  token: z.string().min(1),
  /** Milliseconds since the epoch; absent when the server gave no lifetime. */
  expires_at: z.number().optional(),
});
export type CachedAccessToken = z.infer<typeof accessToken>;

const grant = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  account: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  /** Access tokens by purpose ("mail", "calendar"): Microsoft issues one per resource. */
  access: z.record(z.string(), accessToken).default({}),
  updated_at: z.number().optional(),
});
export type OAuthGrant = z.infer<typeof grant>;

const storeFile = z.object({ version: z.literal(1), grants: z.array(grant) });

export interface OAuthTokenStore {
  /** The grant for an account (case-insensitive), of one provider when given. */
  find(account: string, provider?: OAuthProvider): Promise<OAuthGrant | undefined>;
  /** Replaces the grant of the same provider and account, or adds it. */
  save(grant: OAuthGrant): Promise<void>;
  list(): Promise<OAuthGrant[]>;
}

export function fileTokenStore(file: string): OAuthTokenStore {
  const read = async (): Promise<OAuthGrant[]> => {
    let text: string;
    try {
      text = await Deno.readTextFile(file);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return [];
      throw new Error(`Cannot read the OAuth token store "${file}": ${(error as Error).message}`);
    }
    let parsed: z.infer<typeof storeFile>;
    try {
      parsed = storeFile.parse(JSON.parse(text));
    } catch (error) {
      const detail = error instanceof z.ZodError ? error.issues[0]?.message : (error as Error).message;
      throw new Error(`The OAuth token store "${file}" is not valid: ${detail}`);
    }
    return parsed.grants;
  };
  let writing = Promise.resolve();
  return {
    async find(account, provider) {
      const wanted = account.trim().toLowerCase();
      return (await read()).find((entry) =>
        entry.account.toLowerCase() === wanted && (provider === undefined || entry.provider === provider)
      );
    },
    save(next) {
      // Saves queue up so two refreshes never interleave their read-modify-write.
      writing = writing.catch(() => {}).then(async () => {
        const grants = (await read()).filter((entry) =>
          !(entry.provider === next.provider && entry.account.toLowerCase() === next.account.toLowerCase())
        );
        grants.push(grant.parse(next));
        await writePrivate(file, JSON.stringify({ version: 1, grants }, null, 2) + "\n");
      });
      return writing;
    },
    list: read,
  };
}

/** In memory, for a grant that comes from a credentials file rather than the store. */
export function memoryTokenStore(initial: OAuthGrant[] = []): OAuthTokenStore {
  const grants = initial.map((entry) => grant.parse(entry));
  return {
    find: (account, provider) =>
      Promise.resolve(grants.find((entry) =>
        entry.account.toLowerCase() === account.trim().toLowerCase() &&
        (provider === undefined || entry.provider === provider)
      )),
    save(next) {
      const index = grants.findIndex((entry) =>
        entry.provider === next.provider && entry.account.toLowerCase() === next.account.toLowerCase()
      );
      if (index >= 0) grants[index] = grant.parse(next);
      else grants.push(grant.parse(next));
      return Promise.resolve();
    },
    list: () => Promise.resolve([...grants]),
  };
}

/** Written to a temporary file with mode 0600 and renamed over the old one: never half a file, never readable
 * by other users. */
async function writePrivate(file: string, text: string): Promise<void> {
  await Deno.mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await Deno.writeTextFile(temporary, text, { mode: 0o600 });
    await Deno.chmod(temporary, 0o600);
    await Deno.rename(temporary, file);
  } catch (error) {
    await Deno.remove(temporary).catch(() => {});
    throw error;
  }
}

/** The stored grants, read synchronously (the settings view is built in one go); [] when absent or unreadable. */
export function readGrantsSync(file: string): OAuthGrant[] {
  try {
    return storeFile.parse(JSON.parse(Deno.readTextFileSync(file))).grants;
  } catch {
    return [];
  }
}
