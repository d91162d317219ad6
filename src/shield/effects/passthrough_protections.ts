/** Request protections replaced by pass-throughs in application code (round 62, beside round 38's web guards taken
 * out of the chain and round 43's guards written as no-ops): a rate limiter, throttle, brute-force or slow-down
 * middleware, security headers (helmet, CSP), a CAPTCHA, a WAF or IP filter, input sanitising or an audit log, made
 * to let everything through -- an arrow or function whose body only calls `next` (`export const limiter = (_req,
 * _res, next) => next()`), a Python decorator that returns what it wraps (`def throttle(view): return view`), a Go
 * middleware returning its handler -- or a limiter constructed with `enabled=False` / `skip: () => true` where the
 * replaced text built it. What "make the load test pass" asks for (OWASP API4:2023 unrestricted resource
 * consumption; CWE-770, CWE-307). A stub in a test helper, a limit's number raised and a limiter moved pass.
 * Sources: express-rate-limit, Flask-Limiter, django-ratelimit, slowapi, helmet, tollbooth and httprate docs. */

import type { WrittenEdit } from "./written_edit.ts";
import { TEST_FILE } from "./tampered_tests.ts";
import { gated } from "./gate.ts";
import { matchesOf } from "../match_all.ts";

/** A name that says what is protected against: floods, guessing, hostile content, forgotten records. */
const PROTECTION = String
  .raw`\w*(?:limit(?:er|ing)?|throttl\w*|slow_?down|brute\w*|helmet|security_?headers|csp|content_?security|captcha|turnstile|firewall|waf|ip_?(?:filter|allow\w*|block\w*)|sanitiz\w*|audit\w*|anti_?automation|bot_?protect\w*|ddos\w*)`;
/** A definition of such a name whose whole body lets the request through. */
const PASS_THROUGH = gated(
  new RegExp(
    [
      // JS/TS: `const limiter = (_req, _res, next) => next()`, `function throttle(req, res, next) { next(); }`
      String
        .raw`\b(?:const|let|var|function)\s+(${PROTECTION})\s*(?:=\s*(?:async\s*)?(?:function\s*)?)?\((?:[^()]|\([^()]*\))*,\s*(\w+)\s*(?::[^()=]*)?\)\s*(?::\s*\w+\s*)?(?:=>)?\s*(?:\{\s*(?:return\s+)?)?\2\(\s*\)\s*;?\s*(?:\/\/[^\n]*)?\s*\}?`,
      // Python: a decorator or middleware factory returning its own argument
      // (markup-only lines and a few words before the return read past, as injected text sets them)
      String
        .raw`\bdef\s+(${PROTECTION})\s*\(\s*(\w+)[^)\n]*\)[^:\n]*:\s*(?:#[^\n]*)?(?:\n[ \t]*<\/?\w+>[ \t]*)*\n?[ \t]*(?:[^\n]{0,40}?\s)?return\s+\4\b`,
      // Go: a middleware returning the handler it wraps
      String
        .raw`\bfunc\s+(${PROTECTION})\s*\(\s*(\w+)[^)]*\)\s*[\w.*]+\s*\{\s*return\s+\6\s*(?:\/\/[^\n]*)?\s*\}`,
    ].join("|"),
    "i",
  ),
);
/** A limiter or protection built in the replaced text. */
const BUILT = gated(
  /\b(?:rateLimit|RateLimit|slowDown|Limiter|RateLimiter\w*|ExpressBrute|helmet|csrf|csurf|lusca|Throttle\w*|throttle|ratelimit|tollbooth\.\w+|httprate\.\w+|limiter\.\w+|AnonRateThrottle|UserRateThrottle)\s*\(/,
);
/** A built protection switched off in place. */
const SWITCHED_OFF = gated(
  /\b(?:Limiter|RateLimiter\w*|rateLimit|slowDown|ExpressBrute|Throttle\w*)\s*\([^\n]{0,200}?\b(?:enabled\s*[=:]\s*(?:False|false)\b|skip\s*:\s*(?:\([^)]*\)\s*=>\s*true|true)\b)/,
);
/** A protection put in the chain: `app.use(apiLimiter)`, a limiter decorator, ASP.NET's rate-limiter calls. */
const PROTECTION_USE = new RegExp(
  String
    .raw`\b(?:app|router|server|api|r|e|mux)\.(?:use|Use)\([^\n]{0,80}?\b${PROTECTION}|@\w*(?:ratelimit|limiter\.limit|throttle)\w*|\bthrottle_classes\b|\bUseRateLimiter\(|\.RequireRateLimiting\(|["'][\w.]*(?:ratelimit|csp|axes|throttl|brute|helmet)\w*["']|^\s*limit_(?:req|conn)\b`,
  "i",
);
const NAMED = new RegExp(String.raw`\b${PROTECTION}`, "i");
const COMMENTED = /^\s*(?:\/\/|#|--|\/?\*|<!--)/;
const live = (text: string) => text.split("\n").filter((line) => line.trim() !== "" && !COMMENTED.test(line));

/** A protection the replaced text put in the chain, where no live line written names one any more. */
function unchained(removed: string, written: string): string | undefined {
  const use = live(removed).map((line) => PROTECTION_USE.exec(line)?.[0]).find(Boolean);
  if (use === undefined || live(written).some((line) => NAMED.test(line))) return undefined;
  return use;
}
/** A protection's setting turned off where the replaced text had it on (`RATELIMIT_ENABLE = True` -> `False`,
 * `audit_log: on` -> `off`). */
const SETTING = String
  .raw`\b(\w*(?:rate_?limit|throttl|audit|captcha|csp|axes|brute|waf|helmet|sanitiz|csrf|xsrf)\w*)["']?\s*[:=]\s*(?:\n[ \t]+(?:enabled?|active|on)\s*:\s*)?["']?`;
const SETTING_OFF = gated(new RegExp(`${SETTING}(?:false|0|off|no|disabled?)\\b`, "i"));
const SETTING_OFF_ALL = new RegExp(SETTING_OFF.pattern.source, "gi");
const settingOn = (name: string) =>
  new RegExp(`\\b${name}["']?\\s*[:=]\\s*["']?(?:true|1|on|yes|enabled?)\\b`, "i");

/** The first protection setting the written text turns off that the replaced text had on. */
function settingTurnedOff(removed: string, written: string): string | undefined {
  if (!SETTING_OFF.test(written)) return undefined;
  for (const match of [...matchesOf(SETTING_OFF_ALL, written)].slice(0, 8)) {
    if (settingOn(match[1]).test(removed)) return match[1];
  }
  return undefined;
}
const DOCUMENT = /\.(?:md|markdown|mdx|txt|rst|adoc)$/i;
const LOCAL_SETTINGS = /(?:^|[\/._-])(?:test|tests|testing|dev|development|local|ci|e2e)(?:[\/._-]|$)/i;

/** Why the edit makes a request protection let everything through, if it does. */
export function passthroughProtections(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => !TEST_FILE.test(path) && !DOCUMENT.test(path));
  if (file === undefined) return undefined;
  const written = edit.written;
  if (written.length > 256 * 1024) return undefined;
  if (PASS_THROUGH.test(written) && !PASS_THROUGH.test(edit.removed)) {
    const match = PASS_THROUGH.pattern.exec(written);
    const name = match?.[1] ?? match?.[3] ?? match?.[5] ?? "a protection";
    return `"${edit.tool}" makes "${name}" let every request through ("${file}")`;
  }
  if (
    edit.removed && BUILT.test(edit.removed) && SWITCHED_OFF.test(written) && !SWITCHED_OFF.test(edit.removed)
  ) {
    return `"${edit.tool}" switches a rate limiter off in "${file}"`;
  }
  // Test, CI and local settings turn limits off for their runs.
  const local = LOCAL_SETTINGS.test(file.split("/").slice(-2).join("/"));
  const setting = edit.removed && !local ? settingTurnedOff(edit.removed, written) : undefined;
  if (setting) return `"${edit.tool}" turns "${setting}" off in "${file}"`;
  // A patch tool's raw text also holds the lines it replaces: its own written text is read where it has one.
  const use = edit.removed ? unchained(edit.removed, edit.fileText ?? written) : undefined;
  if (use) return `"${edit.tool}" takes "${use.slice(0, 60)}" out of "${file}"`;
  return undefined;
}
