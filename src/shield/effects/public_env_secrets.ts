/** Secrets under browser-exposed variable prefixes (round 36): `NEXT_PUBLIC_`, `VITE_`, `REACT_APP_`,
 * `EXPO_PUBLIC_`, `NUXT_PUBLIC_`, `GATSBY_`, `VUE_APP_` and SvelteKit/Astro `PUBLIC_` values are inlined into the
 * bundle every visitor downloads. A variable so named that holds a secret (its name or the variable it is set from
 * says secret, private, password, service role ..., or its value has a live key's shape) publishes the secret --
 * whether set through a hosting vendor's env API (Vercel, Netlify, EAS, Cloudflare Pages) or written in a `.env`
 * file. Publishable and anonymous keys are meant for browsers and pass.
 * Sources: Next.js docs "Environment variables" (NEXT_PUBLIC_ inlined at build); Vite docs "Env variables and
 * modes"; Create React App "Adding custom environment variables"; Expo docs "Environment variables"; Supabase
 * docs (never expose the service_role key). */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const PUBLIC_NAME =
  /^(?:NEXT_PUBLIC|NUXT_PUBLIC|EXPO_PUBLIC|VITE|REACT_APP|GATSBY|VUE_APP|PUBLIC)_[A-Z0-9_]+$/;
/** Words of a variable name that say it holds a secret (`ACCESS_TOKEN` is left out: Mapbox's public token is so
 * named; an `AUTH_TOKEN`, a bot's or a registry's is not public). */
const SECRET_WORDS =
  "SECRET|SECRETS|PRIVATE|PASSWORD|PASSWD|PWD|SERVICE_ROLE|SERVICE_KEY|ADMIN_KEY|MASTER_KEY|SIGNING_KEY|AUTH_TOKEN|BOT_TOKEN|REFRESH_TOKEN|ADMIN_TOKEN|GITHUB_TOKEN|NPM_TOKEN|DATABASE_URL|DB_URL|CONNECTION_STRING";
const SECRET_NAME = new RegExp(`(?:^|_)(?:${SECRET_WORDS})(?:_|$)`);
/** A value that is a live secret key or refers to a secret variable (`$STRIPE_SECRET_KEY`, `${DB_PASSWORD}`). */
const SECRET_VALUE = new RegExp(
  `^(?:sk_live_|sk_test_|rk_live_|sk-proj-|sk-ant-|ghp_|github_pat_|xox[bp]-)|\\$\\{?[A-Z0-9_]*(?:${SECRET_WORDS})[A-Z0-9_]*\\}?|process\\.env\\.[A-Z0-9_]*(?:${SECRET_WORDS})`,
);
const PREFIX_LITERALS = ["PUBLIC_", "VITE_", "REACT_APP_", "GATSBY_", "VUE_APP_"];
const NAME_KEYS = /^(?:key|name|variable|var|env|env_var|envvar|env_name|variable_name)$/i;
const ENV_LINE =
  /(?<![\w.$])((?:NEXT_PUBLIC|NUXT_PUBLIC|EXPO_PUBLIC|VITE|REACT_APP|GATSBY|VUE_APP|PUBLIC)_[A-Z0-9_]+)\s*[=:]\s*["']?([^\s"'\n]*)/g;
const MAX_VISITS = 96;

function exposed(name: string, value: string): boolean {
  return PUBLIC_NAME.test(name) && (SECRET_NAME.test(name) || SECRET_VALUE.test(value));
}

/** The public-prefixed name set to a secret in an env API's arguments (`{key, value}`, `{name, values: [...]}`, or
 * a map of names to values), if any. */
function payloadExposure(payload: Record<string, unknown>): string | undefined {
  let visits = 0;
  let found: string | undefined;
  const visit = (value: unknown, depth: number) => {
    if (found || depth > 4 || visits++ > MAX_VISITS || !value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 32)) visit(item, depth + 1);
      return;
    }
    const entries = Object.entries(value).slice(0, 48);
    for (const [key, inner] of entries) {
      if (found) return;
      if (
        PUBLIC_NAME.test(key) && exposed(key, typeof inner === "string" ? inner : JSON.stringify(inner) ?? "")
      ) {
        found = key;
      } else if (NAME_KEYS.test(key) && typeof inner === "string" && PUBLIC_NAME.test(inner.trim())) {
        const rest = JSON.stringify(entries.filter(([other]) => other !== key).map(([, v]) => v)) ?? "";
        const set =
          rest.match(/"(\$\{?[A-Z0-9_]+\}?|(?:sk|rk)_(?:live|test)_\w+|sk-(?:proj|ant)-[\w-]+)"/)?.[1] ?? "";
        if (exposed(inner.trim(), set)) found = inner.trim();
      }
      visit(inner, depth + 1);
    }
  };
  visit(payload, 0);
  return found;
}

/** The public-prefixed name set to a secret in written `.env` text, if any. */
function textExposure(texts: readonly string[]): string | undefined {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 256 * 1024 || !PREFIX_LITERALS.some((literal) => text.includes(literal))) continue;
    for (const match of matchesOf(ENV_LINE, text)) {
      if (exposed(match[1], match[2])) return match[1];
    }
  }
  return undefined;
}

export function judgePublicEnvSecrets(
  tool: string,
  payload: Record<string, unknown> | undefined,
  written: readonly string[],
  findings: Findings,
): void {
  const name = (payload && payloadExposure(payload)) ?? textExposure(written);
  if (!name) return;
  findings.escalate(
    "access",
    `"${tool}" puts a secret in "${name.slice(0, 60)}", a variable built into what every browser downloads`,
  );
}
