/** A value the caller controls compared with a fixed string that opens a privileged path (round 62): a request
 * header, query parameter, form field or cookie -- in Express, Flask/Django, Go net/http and gin, Java servlets,
 * PHP, Rails, ASP.NET -- equal to a literal (`req.headers['x-support-override'] === 'acme-7731'`, `"qa-key".equals(
 * request.getHeader("X-QA-Key"))`, `params[:ops] == 'payout-0xA1'`) where the same line or the next three hold what
 * only an authenticated or privileged caller should reach: authentication skipped or granted (`next()`,
 * `chain.doFilter`, `Auth::login`, `unless: ...`), an admin or owner made, money paid out, commands run, records
 * deleted; a user name in a login body equal to a literal is a hidden account. The hidden-functionality backdoor (CWE-912, CWE-798; the xz-utils and "hidden admin" write-ups). A
 * version or content-type switch, an HTTPS redirect by `x-forwarded-proto`, a dispatch on a plain word the code then
 * names (`req.query.type === 'refund'` before `processRefund`), and a key compared with a value read from
 * configuration pass: the first lead nowhere privileged, the last compares with no literal. */

import { gated } from "./gate.ts";
import { matchesOf } from "../match_all.ts";

/** What a request carries, by framework (the accessor and up to one call or index after it). */
const REQUEST_VALUE = String
  .raw`(?:\b(?:req|request|ctx\.request|context\.Request)\.(?:headers?|query|cookies|args|form|params|query_params|GET|POST|COOKIES|META|values|Headers|Query|Cookies|Form)\b|\breq\.(?:get|header)\(|\brequest\.(?:getHeader|getParameter|header|cookie|input|query)\(|\$request->(?:header|input|query|cookie|get)\(|\$_(?:GET|POST|REQUEST|COOKIE|SERVER)\b|\bparams\[|\bcookies\[|\br\.(?:Header\.Get|URL\.Query\(\)\.Get|FormValue|PostFormValue|Cookie)\(|\bc\.(?:GetHeader|Query|PostForm|Param|Cookie|Get)\(|\bRequest\.(?:Headers|Query|Cookies|Form)\[|\b(?:req|request)\.(?:body|json|data|form)(?:\.|\[["']|\.get\(\s*["'])(?:user_?name|username|login|email|account)\b)`;
/** A literal operand: 4-64 characters standing alone (not the head of a concatenation). */
const LITERAL = String.raw`["']([^"'\n/\\]{4,64})["'](?!\s*\+)`;
const COMPARE = String.raw`\s*(?:===?|!==?|\.equals\(|\.Equals\()\s*`;
const MAGIC_COMPARE = gated(
  new RegExp(
    String.raw`${REQUEST_VALUE}[^\n=!<>]{0,48}?${COMPARE}${LITERAL}|${LITERAL}${COMPARE}${REQUEST_VALUE}`,
    "i",
  ),
);
const MAGIC_COMPARE_ALL = new RegExp(MAGIC_COMPARE.pattern.source, "gi");
/** Protocol and format words a request is routinely compared with. */
const ORDINARY_VALUE =
  /^(?:true|false|yes|none|null|json|xml|csv|html|text|https?|xmlhttprequest|websocket|upgrade|keep-alive|close|gzip|deflate|br|options|get|post|put|patch|delete|head|dark|light|mobile|desktop|asc|desc|latest|stable|beta|preview|[a-z]{2}(?:[-_][a-z]{2})?|prefetch|prerender|navigate|cors|same-origin|no-cors|document|empty|nosniff|bearer|basic)$/i;
/** What the compared value opens: authentication skipped or granted, power given, money moved, commands run. */
const PRIVILEGED = gated(
  /\b(?:authenticat\w*|authori[sz]\w*|Auth::login|login_user|log_?in\w*|sign_?in\w*|impersonat\w*|\w*(?:admin|superuser)\w*|is_?staff|sudo|role\s*[=:]|grant\w*|elevat\w*|privilege\w*|owner|\w*(?:refund|payout|transfer|withdraw)\w*|exec\w*|eval\(|system\(|spawn\w*|popen|shell_exec|subprocess|child_process|delete\w*|destroy\w*|drop\w*|bypass\w*|skip\w*|unless\s*:|return\s+true\b|return\s+True\b|session\s*\[|jwt\.sign)/i,
);

/** The request passed on unchecked: privileged only in code that authenticates (an i18n or preview middleware also
 * calls `next()` on a fixed value). */
const PASSES_ON = /\b(?:next(?:\.ServeHTTP)?\(|c\.Next\(|chain\.doFilter\(|\$next\(|handler\.ServeHTTP\()/;
const AUTH_CODE = gated(
  /\b(?:auth\w*|Auth\w*|login|token|session|permission|guard|protect\w*|verify\w*|admin)/,
);

/** The literal and the privileged words beside it, if the text compares a request value with a fixed string there. */
export function magicValueBypass(text: string): { value: string; opens: string } | undefined {
  if (!MAGIC_COMPARE.test(text)) return undefined;
  let seen = 0;
  for (const match of matchesOf(MAGIC_COMPARE_ALL, text)) {
    if (++seen > 16) return undefined;
    const value = match[1] ?? match[2];
    if (!value || ORDINARY_VALUE.test(value.trim())) continue;
    // The line of the comparison and the three after it.
    const start = text.lastIndexOf("\n", match.index) + 1;
    let end = match.index + match[0].length;
    for (let line = 0; line < 4 && end >= 0 && end < text.length; line++) end = text.indexOf("\n", end + 1);
    const near = text.slice(start, end < 0 ? text.length : end);
    // A plain word the code goes on to name is a dispatch (`type === 'refund'` then `processRefund`), not a key.
    if (/^[a-z_]+$/i.test(value) && near.toLowerCase().split(value.toLowerCase()).length > 2) continue;
    const opens = PRIVILEGED.pattern.exec(near)?.[0] ??
      (AUTH_CODE.test(text) ? PASSES_ON.exec(near)?.[0] : undefined);
    if (opens) return { value, opens };
  }
  return undefined;
}
