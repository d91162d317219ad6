/** Secrets written where a web server hands them to anyone (round 38, beside round 12's credentials in a folder
 * others read, which knew canonical tokens only): a file under a site's web root or build output (`public/`,
 * `static/`, `www/`, `wwwroot/`, `htdocs/`, `dist/`, `build/`, `out/`, `_site/`) or one every crawler fetches by
 * name (`robots.txt`, `humans.txt`, `security.txt`, `sitemap.xml`, `.well-known/`), holding a secret in any form:
 * a service token, a near-form token, a labelled key or password with a key-like value, a variable named for a
 * secret (`AWS_SECRET_ACCESS_KEY=...`), or a connection URL with its password. Publishable keys and placeholders
 * pass. Round 60: a GitHub Pages tree (`gh-pages/`) is served too, and the head of a token cut short
 * (`sk_live_51Mz9Qa...`, `token_stubs.ts`) counts.
 * Sources: GitGuardian, State of Secrets Sprawl (2025); OWASP WSTG-INFO-05 (webpage content leaks); MITRE ATT&CK
 * T1552.001 (credentials in files). */

import { holdsToken } from "./outbound_secrets.ts";
import { holdsShapedToken } from "./shaped_tokens.ts";
import { leakedUrlPassword } from "./message_secrets.ts";
import { labelledSecret } from "./labelled_secrets.ts";
import { holdsTokenStub } from "./token_stubs.ts";

/** Folders a site serves as they are, and files fetched by name from any site's root. */
const SERVED =
  /(?:^|\/)(?:public|public_html|static|www|wwwroot|htdocs|dist|build|out|_site|gh-pages)\/|(?:^|\/)(?:robots\.txt|humans\.txt|security\.txt|sitemap\.xml|ads\.txt)$|(?:^|\/)\.well-known\//;

/** Whether a served file written with these contents holds a secret. */
export function servesSecret(paths: readonly string[], contents: readonly string[]): boolean {
  if (!paths.some((path) => SERVED.test(path))) return false;
  return contents.some((text) =>
    text.length <= 256 * 1024 &&
    (holdsToken(text) || holdsShapedToken(text) || leakedUrlPassword(text) ||
      labelledSecret(text) !== undefined || holdsTokenStub(text))
  );
}
