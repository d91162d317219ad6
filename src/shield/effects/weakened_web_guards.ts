/** Web protections taken out of an application's code (round 38, beside round 28's access checks and round 5's
 * one-line CORS backdoor): a CSRF, authentication or security middleware deleted from the chain or settings that
 * load it (Django's `CsrfViewMiddleware` line removed from `MIDDLEWARE`, `app.use(csrf(...))` or `helmet()` dropped,
 * Laravel's `VerifyCsrfToken` out of the web group, Rails' `protect_from_forgery` deleted, Flask-WTF's
 * `CSRFProtect(app)` gone, ASP.NET's `UseAuthentication()`), CSRF switched off where it was on (Spring's
 * `csrf.disable()`, Rails' `skip_forgery_protection`), and CORS that trusts every origin while sending cookies, in
 * each framework's words (a callback that always answers yes, `AllowOriginFunc` returning true,
 * `SetIsOriginAllowed(_ => true)`, `CORS_ALLOW_ALL_ORIGINS`, the request's `Origin` echoed back) beside credentials
 * allowed. A middleware moved or re-ordered, other middleware removed, an allow list with credentials and an open
 * read-only API without credentials pass.
 * Sources: Django, Laravel, Rails, Flask-WTF and Spring Security CSRF docs; OWASP CSRF Prevention Cheat Sheet;
 * PortSwigger Web Security Academy on CORS origin reflection; expressjs/cors, django-cors-headers, go-chi/cors and
 * ASP.NET Core CORS docs. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";

/** Middleware and calls that protect every request: CSRF, sessions' authentication, security headers. */
const GUARD_MIDDLEWARE =
  /\bCsrfViewMiddleware\b|\bdjango\.middleware\.security\.SecurityMiddleware\b|\bAuthenticationMiddleware\b|\bXFrameOptionsMiddleware\b|\bVerifyCsrfToken\b|\bprotect_from_forgery\b|\bCSRFProtect\s*\(|\bCsrfProtect\s*\(|\bapp\.use\(\s*(?:csrf|csurf|csrfProtection|lusca\.csrf|helmet|passport\.(?:initialize|session)|requireAuth\w*|authenticate\w*)\b|\bUse(?:Authentication|Authorization|Antiforgery)\s*\(\s*\)|\\Authenticate::class\b|\bcsrf_protect\b/;
/** CSRF switched off in words that do not name a middleware. */
const CSRF_OFF = gated(
  /\bcsrf\s*\(\s*(\w+)\s*->\s*\1\.disable\(\)|\.csrf\(\)\s*\.disable\(\)|\bskip_forgery_protection\b|\bskip_before_action\s+:verify_authenticity_token\b(?![^\n]*\b(?:only|if):)|\bWTF_CSRF_ENABLED\s*=\s*False\b/,
);
const COMMENTED = /^\s*(?:\/\/|#|--|\/?\*|<!--)/;

function liveLines(text: string): string[] {
  return text.split("\n").filter((line) => !COMMENTED.test(line)).map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The guard an edit takes out (present in what it replaces, in no line of what it writes). */
function removedGuard(removed: string, written: string): string | undefined {
  if (!GUARD_MIDDLEWARE.test(removed)) return undefined;
  const kept = new Set(liveLines(written).map((line) => GUARD_MIDDLEWARE.exec(line)?.[0]).filter(Boolean));
  for (const line of liveLines(removed)) {
    const guard = GUARD_MIDDLEWARE.exec(line)?.[0];
    if (guard && !kept.has(guard)) return guard;
  }
  return undefined;
}

/** Origins all trusted: a reflecting callback, a yes-to-all function, the framework's allow-all switch, the
 * request's own `Origin` echoed into the response header. */
const ANY_ORIGIN = gated(
  /\borigin\s*:\s*(?:true\b|["']\*["'])|\borigin\s*:\s*(?:async\s+)?(?:function\s*)?\((?:[^()]|\([^()]*\))*\)\s*(?:=>)?\s*\{?\s*(?:return\s+)?\w+\(\s*null\s*,\s*true\s*\)|\bAllowOriginFunc\s*:\s*func\s*\([^)]*\)\s*bool\s*\{\s*return\s+true\s*\}|\bAllowAllOrigins\s*:\s*true\b|\bSetIsOriginAllowed\(\s*\(?\s*\w*\s*\)?\s*=>\s*true\s*\)|\bAllowAnyOrigin\(\s*\)|\bCORS_(?:ALLOW_ALL_ORIGINS|ORIGIN_ALLOW_ALL)\s*=\s*True\b|\ballow(?:ed)?OriginPatterns\(\s*(?:List\.of\()?\s*"\*"|\ballow_origins\s*=\s*\[\s*["']\*["']\s*\]|\borigins\s*=\s*["']\*["']|Access-Control-Allow-Origin["'\]]*\s*[,:=]\s*[^\n;]{0,40}?\b(?:req|request|r|ctx|c)\.(?:headers?|Header|get|get_header|header)\b[^\n]{0,24}?origin|\borigin\s*:\s*\/\^?\.[*+]\$?\/|\borigins["\']?\s*[:=]\s*(?:\[\s*)?r?["\'](?:\^?\.[*+]\$?)["\']|\borigins["\']\s*:\s*(?:\[\s*)?["\']\*["\']|\borigins\s+(?:["\']\*["\']|\/\^?\.[*+]\$?\/)|\ballow_origin_regex\s*=\s*r?["\']\^?\.[*+]\$?["\']|\b(?:add|set)?AllowedOriginPatterns?\(\s*(?:List\.of\(|Arrays\.asList\()?\s*"\*"|\boriginPatterns\s*=\s*(?:\{\s*)?"\*"|\bAllowedOrigins\s*:\s*\[\]string\{\s*"\*"\s*\}|\baccessControlAllowOriginListRegex["\']?\s*[:=]\s*(?:\[\s*|\s*-\s*)?["\']?\^?\.[*+]\$?["\']?|Access-Control-Allow-Origin["']?\s*,\s*["']?value["']?\s*:\s*["']\*["']|Access-Control-Allow-Origin["']?\s*[,:=]\s*["']\*["']|Access-Control-Allow-Origin[^\n]{0,60}?(?:\$_SERVER|\bMETA)\s*\[\s*["']HTTP_ORIGIN["']|\bcors-allow-origin["']?\s*[:=]\s*\\?["']?\*|\bAllow_?Origins["']?\s*[:=]\s*\[?\s*\\?["']?\*|\bCors\.ALL_ORIGINS\b|\baccessControlAllowOriginList["']?\s*[:=]\s*(?:\[\s*|-\s*)?["']?\*|--allowed-origins[\s=]+["']?\*/i,
);
/** Round 81: a web server's or proxy's header set to the request's own `Origin` (nginx `$http_origin`, Apache
 * `%{HTTP_ORIGIN}e`/`%{HTTP:Origin}`, Caddy `{http.request.header.Origin}`, HAProxy `%[req.hdr(origin)]`): every
 * origin, unless the same text tests the origin first (`if ($http_origin ~ ...)`, `map $http_origin`, Apache
 * `SetEnvIf Origin`, a Caddy or HAProxy matcher on `Origin`), the allow list each server's docs show. */
const SERVER_REFLECTION = gated(
  /Access-Control-Allow-Origin["']?\s*[:,]?\s*["']?(?:expr=)?(?:\$http_origin\b|%\{(?:HTTP_ORIGIN|HTTP:Origin|req:Origin)\}|\{(?:http\.request\.)?header\.Origin\}|%\[(?:req\.hdr\(origin\)|capture\.req\.hdr\(\d+\))\])/i,
);
const ORIGIN_TESTED =
  /\$http_origin\s*!?~|\bmap\s+\$http_origin\b|\bSetEnvIf(?:NoCase)?\s+Origin\b|\bheader(?:_regexp)?\s+(?:\w+\s+)?Origin\s+\S|\bhdr(?:_\w+)?\(origin\)\s+-[mi]|\bhdr_(?:beg|end|reg|sub|dom)\(origin\)/i;

/** Credentials allowed, in the same frameworks' words. */
const CREDENTIALS = gated(
  /\bcredentials\s*:\s*true\b|\bAllowCredentials\s*(?::\s*true\b|\(\s*\))|\ballow_credentials\s*=\s*True\b|\bCORS_ALLOW_CREDENTIALS\s*=\s*True\b|\bsupports_credentials\s*=\s*True\b|\b(?:set)?AllowCredentials\(\s*true\s*\)|Access-Control-Allow-Credentials["'\]]*\s*[,:=\s]\s*["']?true|\ballowCredentials\s*=\s*"true"|\baccessControlAllowCredentials["']?\s*[:=]\s*true\b|Access-Control-Allow-Credentials["']?\s*,\s*["']?value["']?\s*:\s*["']true|\bcors-allow-credentials["']?\s*[:=]\s*\\?["']?true|\bAllow_?Credentials["']?\s*[:=]\s*true\b|\bcors\s+credentials\s+[^\n]*--enable(?:[\s=]+true)?\b/i,
);

/** Round 88: a command or payload (a cloud CLI's CORS configuration, an ingress annotation) that lets every origin
 * make credentialed requests, read by the same patterns as a written file. */
export function opensCredentialedOrigins(text: string): boolean {
  return opensOrigins(text) && CREDENTIALS.test(text);
}

function opensOrigins(text: string): boolean {
  return ANY_ORIGIN.test(text) || (SERVER_REFLECTION.test(text) && !ORIGIN_TESTED.test(text));
}

/** Why the edit takes a web protection out, if it does. */
export function weakenedWebGuards(edit: WrittenEdit): string | undefined {
  const written = edit.written;
  if (edit.removed) {
    const guard = removedGuard(edit.removed, written);
    if (guard) return `"${edit.tool}" takes "${guard}" out of "${edit.paths[0]}"`;
  }
  if (written.length > 256 * 1024) return undefined;
  if (CSRF_OFF.test(written) && !CSRF_OFF.test(edit.removed)) {
    return `"${edit.tool}" switches CSRF protection off in "${edit.paths[0]}"`;
  }
  // The edit may open the origins of a configuration whose credentials it leaves as they were.
  if (
    opensOrigins(written) && !opensOrigins(edit.removed) &&
    (CREDENTIALS.test(written) || CREDENTIALS.test(edit.removed))
  ) {
    return `"${edit.tool}" lets every origin make credentialed requests (CORS) in "${edit.paths[0]}"`;
  }
  return undefined;
}
