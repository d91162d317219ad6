/** Authentication taken out of a web server's or proxy's configuration (round 47): the directives that make nginx,
 * Apache, Caddy, HAProxy or an ingress controller ask who is calling -- `auth_basic`, `auth_request`, `deny all`,
 * `Require valid-user`, `AuthType`, `basicauth`, `forward_auth`, `nginx.ingress.kubernetes.io/auth-*` -- commented
 * out, opened (`Require all granted`, `allow all`, `satisfy any`) or dropped by an edit that keeps none; a written
 * config that holds such directives only commented out. Round 28's commented-out checks read code (`if`, calls,
 * decorators); these are directives. A location given auth, another directive commented out, and a health check
 * location written with `auth_basic off` pass.
 * Sources: nginx ngx_http_auth_basic_module, ngx_http_auth_request_module and ngx_http_access_module docs; Apache
 * mod_authz_core (`Require`) and mod_auth_basic docs; Caddy `basicauth`/`forward_auth`; ingress-nginx annotations;
 * OWASP Top 10 A01 and A07; CWE-306 Missing Authentication for Critical Function. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";

/** A directive that makes the server ask who is calling, at the start of a config line. */
const AUTH_DIRECTIVE =
  /^(?:auth_basic(?!\s+off\b)|auth_basic_user_file|auth_request(?!\s+off\b)|auth_jwt(?!\s+off\b)|deny\s+all\b|satisfy\s+all\b|require\s+(?:valid-user|user|group|ldap-\w+|ip|host|claim)\b|auth(?:type|userfile|groupfile|name|basicprovider)\b|basic_?auth\b|forward_auth\b|jwtauth\b|http-request\s+auth\b|nginx\.ingress\.kubernetes\.io\/(?:auth-[\w-]+|whitelist-source-range|allowlist-source-range)\s*:|traefik\.http\.middlewares\.[\w-]+\.(?:basicauth|forwardauth)|include\s+\S*auth\S*)/i;
/** The directives above that ask for a login (not an address rule): a whole config written with only these
 * commented out is judged (nginx's stock config holds a commented `deny all;` sample). */
const LOGIN_DIRECTIVE =
  /^(?:auth_basic|auth_request|auth_jwt|require\s+(?:valid-user|user|group|ldap-\w+|claim)\b|authtype\b|basic_?auth\b|forward_auth\b|nginx\.ingress\.kubernetes\.io\/auth-)/i;
/** Cheap literal gate: every directive above holds one of these. */
const HINT = gated(/auth|deny\s+all|satisfy|require|source-range/i);
/** Directives that let everyone in. */
const OPEN_DIRECTIVE =
  /^(?:require\s+all\s+granted|allow\s+all|satisfy\s+any|auth_basic\s+off|auth_request\s+off)\b/i;
const COMMENT = /^(?:#+|\/\/+|;+)\s*/;
/** Files a web server, proxy or ingress controller reads. */
export const SERVER_CONFIG =
  /(?:^|\/)(?:\.htaccess|Caddyfile|[\w.-]*nginx[\w./-]*|[\w.-]*(?:apache|httpd|haproxy|traefik|caddy)[\w./-]*|sites-(?:available|enabled)\/[^/]+|conf\.d\/[^/]+\.conf|[\w.-]*ingress[\w.-]*\.ya?ml|[\w.-]+\.(?:conf|vhost))$/i;

interface DirectiveLines {
  live: string[];
  commented: string[];
  open: string[];
}

function directives(text: string): DirectiveLines {
  const found: DirectiveLines = { live: [], commented: [], open: [] };
  for (const raw of text.split("\n").slice(0, 4000)) {
    const line = raw.trim();
    const comment = COMMENT.exec(line);
    const body = comment ? line.slice(comment[0].length) : line;
    if (comment && AUTH_DIRECTIVE.test(body)) found.commented.push(body);
    else if (!comment && AUTH_DIRECTIVE.test(body)) found.live.push(body);
    else if (!comment && OPEN_DIRECTIVE.test(body)) found.open.push(body);
  }
  return found;
}

/** Why the written server config no longer asks who is calling, if it does not. */
export function serverAuthConfigs(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => SERVER_CONFIG.test(path));
  if (!file) return undefined;
  const written = edit.written;
  if (edit.removed) {
    if (!HINT.test(edit.removed)) return undefined;
    const before = directives(edit.removed);
    if (before.live.length === 0) return undefined;
    const after = directives(written);
    const gone = before.live.find((line) => !after.live.includes(line));
    if (!gone || after.live.length > 0 && !after.commented.includes(gone)) return undefined;
    const opened = after.open.find((line) => !before.open.includes(line));
    if (after.commented.includes(gone)) {
      return `"${edit.tool}" comments out "${gone.slice(0, 50)}" in "${file}"`;
    }
    if (opened) return `"${edit.tool}" replaces "${gone.slice(0, 50)}" by "${opened}" in "${file}"`;
    return `"${edit.tool}" takes "${gone.slice(0, 50)}" out of "${file}", leaving no authentication`;
  }
  // A whole config written: auth directives there only as comments.
  if (!HINT.test(written)) return undefined;
  const after = directives(written);
  const login = after.commented.find((line) => LOGIN_DIRECTIVE.test(line));
  if (login && after.live.length === 0) {
    return `"${edit.tool}" writes "${file}" with its authentication commented out ("${login.slice(0, 50)}")`;
  }
  return undefined;
}
