/** Secrets written to logs (round 43, CWE-532): code written that logs a whole request's headers, cookies or body
 * (`dict(req.headers)`, `req.get_data()`, `headers: req.headers, body: req.body`, Go's `r.Header`) -- where every
 * Authorization header, session cookie and password a client sends ends up -- or a value named for a secret
 * (`password`, `token`, `api_key`, the `Authorization` header) as a log argument; and redaction taken away (pino's
 * `redact`, Rails' `filter_parameters` emptied or removed, a `sensitive_variables`/`mask` list dropped). An access
 * log of method, path, status and duration, one named header, a body's size, a secret's mention in the message
 * text only and a shortened value (`token[:6]`) pass.
 * Sources: OWASP Logging Cheat Sheet (data to exclude); CWE-532; pino docs, Redaction; Rails guides, Parameters
 * Filtering. */

import type { WrittenEdit } from "./written_edit.ts";
import { TEST_FILE } from "./tampered_tests.ts";
import { gated } from "./gate.ts";
import { matchesOf } from "../match_all.ts";

/** The start of a logging call. */
const LOG_CALL =
  /\b(?:log|logger|logging|console|LOG|Log|LOGGER|_log|_logger|self\.log(?:ger)?|this\.log(?:ger)?|Rails\.logger|app\.logger|current_app\.logger|slog|winston|fastify\.log|req\.log)\.(?:info|debug|warn|warning|error|log|trace|fatal|critical|exception|Printf|Println|Print|Infof|Debugf|Errorf|Warnf|Info|Debug|Error|Warn)\s*\(/g;
/** A whole request's headers, cookies or body (not one named member, nor its size). */
const WHOLE_REQUEST =
  /(?<!len\(\s*|\blength\(\s*)\b(?:req|request|r|ctx\.request|ctx\.req|c\.Request)\.(?:headers|Header|cookies|Cookies|body|Body|get_data\s*\(\s*(?:as_text\s*=\s*True)?\s*\)|get_json\s*\(\s*\)|data|form|json|META|POST|params)(?!\s*[.\[]|\w|\s*\(\s*["'])/;
/** A value named for a secret, outside the message text. */
const SECRET_VALUE =
  /(?<![\w.]|(?:mask\w*|redact\w*|hash\w*|len|sha\d*|md5|bool|type)\(\s*)(?:password|passwd|pwd|secret|client_secret|api_?key|apikey|access_?token|refresh_?token|token|authorization|cookie|session_?id|credentials?)(?![\w(])(?!\s*\[\s*:|\s*\.(?:slice|substring|substr)\s*\()|\.get\(\s*["'](?:authorization|cookie|x-api-key)["']|\[\s*["'](?:authorization|cookie|x-api-key|password)["']\s*\]/i;
/** What either reading needs somewhere in a call (a cheap test before the call is cut out and read). */
const CANDIDATE =
  /req|\br\.|header|cookie|body|pass|pwd|secret|token|key|auth|cred|session|form|META|POST|params/i;
/** Redaction in a logger's or framework's settings. */
const REDACTION = gated(
  /\bredact\s*[:=]|\bfilter_parameters\b|\bsensitive_(?:variables|post_parameters|fields)\b|\bmask_?(?:fields|keys)\b|\bredact_?(?:keys|fields|paths)\b/,
);
const EMPTIED = /\bfilter_parameters\s*=\s*\[\s*\]|\bfilter_parameters\.clear\b|\bredact\s*:\s*\[\s*\]/;

/** The arguments of the call that starts at `at` (to its closing parenthesis, 400 characters at most), with string
 * literals dropped but for the interpolations of f-strings and template literals. */
function callArguments(text: string, at: number): string {
  let depth = 0;
  let end = at;
  const stop = Math.min(text.length, at + 400);
  for (; end < stop; end++) {
    const char = text[end];
    if (char === "(") depth++;
    else if (char === ")" && --depth === 0) break;
  }
  const call = text.slice(at, end);
  return call.replace(
    /(?:\b[fF])?(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g,
    (all, _quote, body: string, at: number) => {
      // A key looked up (`headers.get("Authorization")`, `h["cookie"]`) says which value is logged: kept.
      if (/(?:\.get\(|\[)\s*$/.test(call.slice(Math.max(0, at - 8), at))) return all;
      const kept = [...body.matchAll(/\$?\{([^{}]*)\}/g)].map((match) => match[1]);
      return ` ${kept.join(" ")} `;
    },
  );
}

/** Whether the log line was there before the edit (its replaced text holds the same line). */
function loggedBefore(removed: string, written: string, at: number): boolean {
  if (removed === "") return false;
  const start = written.lastIndexOf("\n", at) + 1;
  const end = written.indexOf("\n", at);
  return removed.includes(written.slice(start, end < 0 ? undefined : end).trim());
}

/** Whether the text empties a redaction list (literal gates first). */
const empties = (text: string) =>
  (text.includes("filter_parameters") || text.includes("redact")) && EMPTIED.test(text);

/** Why the written code puts secrets in logs, if it does. */
export function loggedSecrets(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => !TEST_FILE.test(path) && !/\.(?:md|markdown|txt|rst)$/i.test(path));
  if (file === undefined) return undefined;
  const written = edit.written;
  if (REDACTION.test(edit.removed) && (!REDACTION.test(written) || empties(written))) {
    return `"${edit.tool}" takes the redaction of secrets out of the logging of "${file}"`;
  }
  if (empties(written) && !empties(edit.removed)) {
    return `"${edit.tool}" empties the list of parameters kept out of the logs in "${file}"`;
  }
  // Cheap literal gates before the whole-text scan: every logging call named above holds "log" or "console.".
  if (
    written.length > 256 * 1024 ||
    !(written.includes("log") || written.includes("Log") || written.includes("console."))
  ) {
    return undefined;
  }
  let calls = 0;
  for (const match of matchesOf(LOG_CALL, written)) {
    // Bounded: the first 200 logging calls (a file of thousands is generated, not an edit a person reviews); a call
    // whose next 400 characters name no request part and no secret is not read further.
    if (++calls > 200) break;
    const start = match.index + match[0].length - 1;
    if (!CANDIDATE.test(written.slice(start, start + 400))) continue;
    const args = callArguments(written, start);
    // A program's own output (`console.log(token)` of a script) is no log: only whole requests count there.
    const found = WHOLE_REQUEST.exec(args)?.[0] ??
      (match[0].startsWith("console.") ? undefined : SECRET_VALUE.exec(args)?.[0]);
    if (found && !loggedBefore(edit.removed, written, match.index)) {
      return `"${edit.tool}" writes "${found.trim()}" to the logs in "${file}"`;
    }
  }
  return undefined;
}
