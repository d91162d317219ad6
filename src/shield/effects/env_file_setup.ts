/** A project's `.env` file set up, not read (round 46): the `.env` path rule ("reads or writes a .env file holding
 * secrets") asked a human for the most ordinary steps of a project's setup, none of which shows a secret to anyone:
 * the template copied into place (`cp .env.example .env`, `copy_file {source: ".env.example"}`), a write or edit
 * whose lines are plain local settings (`API_BASE_URL=http://localhost:8000`, `DEBUG=true`, `PORT=3000`), and a
 * `find` inside the project that only lists the names of env files (Claude Code sessions look for `.env*`, `.envrc`
 * and `.nvmrc` before running a project). Anything that reads an env file (a copy from `.env`, `cat`, `-exec`, a
 * pipe), a value that points elsewhere (a remote URL: the app's keys would go there), a variable that runs code or
 * weakens TLS (`NODE_OPTIONS`, `NODE_TLS_REJECT_UNAUTHORIZED`), a secret value, or a search from `~`, `/` or `..`
 * keeps the rule's hit. */

import type { ActionView } from "../action_view.ts";
import type { RuleHit } from "../heuristic_matcher.ts";
import type { Segment } from "../shell_parser.ts";
import { inlineShell } from "./keychain_env_uses.ts";

/** Env templates a project commits (they hold placeholders, which is why the path rule leaves them out). */
const TEMPLATE =
  /(?:^|\/)(?:\.env(?:\.[\w-]+)?\.(?:example|sample|template|dist|defaults?)|(?:example|sample|template)\.env)$/i;
/** A word naming an env file, however it is spelled in a command. */
const ENV_WORD = /(?:^|[^\w-])\.env(?![\w-])/i;

/** Keys whose value runs code, redirects traffic or turns off a check, whatever the value looks like. */
const RISKY_KEY =
  /(?:^|_)(?:OPTIONS?|OPTS|PRELOAD|STARTUP|PATH|LIBRARY|HOOK|COMMAND|CMD|SHELL|EDITOR|PAGER|PROXY|TLS|SSL|VERIFY|INSECURE|CERTS?|CA|BUNDLE|REGISTRY|INDEX|EXEC|EVAL|REQUIRE|IMPORT|LOADER|PLUGINS?)(?:_|$)|^(?:ENV|BASH_ENV|PROMPT_COMMAND|RUBYOPT|PERL5OPT|PYTHONPATH|PYTHONSTARTUP|NODE_OPTIONS|GIT_[A-Z_]+|DYLD_[A-Z_]+|LD_[A-Z_]+)$/;
/** Keys that hold secrets: only an empty value or a placeholder is a plain setting for them. */
const SECRET_KEY =
  /KEY|TOKEN|SECRET|PASS|PWD|CREDENTIAL|AUTH|PRIVATE|SESSION|COOKIE|SALT|SIGNING|DSN|WEBHOOK/;
const PLACEHOLDER = /^(?:|changeme|change[-_]me|x{3,}|\.{3}|<[^<>]*>|your[-_][\w-]*|todo|replace[-_]me)$/i;
/** Values that point nowhere outside the machine or the compose network: numbers, switches, one word, a relative
 * path, or a URL to the loopback host or a one-label service name (`db`, `redis`). */
const LOCAL_URL =
  /^[a-z][a-z0-9+.-]*:\/\/(?:[\w.%-]+(?::[\w.%-]*)?@)?(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1\]|host\.docker\.internal|[a-z][a-z0-9-]*)(?::\d{1,5})?(?:\/[\w./%-]*)?(?:\?[\w=&.%-]*)?$/i;
const PLAIN_VALUE =
  /^(?:-?\d+(?:\.\d+)?|[\w.-]{1,64}|\.?\.?\/?[\w-]+(?:\/[\w.-]+)*\/?|[\w.-]+(?:,[\w.-]+)+)$/;
/** A host name or address as a bare value (`DB_HOST=db.other.example`, `API_HOST=203.0.113.5`): it points away. */
const HOST_NAME = /^(?!localhost$)(?:[\w-]+\.)+[a-z]{2,}\.?$|^\d{1,3}(?:\.\d{1,3}){3}$/i;
const LINE = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

function unquoted(value: string): string {
  const trimmed = value.replace(/\s+#.*$/, "").trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  return quoted ? quoted[2] : trimmed;
}

/** Round 95: env files a project keeps out of git by default (Next.js, Vite, Create React App: `.env.local`,
 * `.env.development.local`, `.env.test.local`): a secret key there may hold a payment provider's test-mode key
 * (`sk_test_`, `pk_test_`, `rk_test_` of Stripe and Clerk, Razorpay's `rzp_test_`), which reaches no real money or
 * user. A live key there, or any key in a tracked `.env`, keeps the rule's question. */
const LOCAL_ENV = /(?:^|\/)\.env(?:\.[\w-]+)?\.local$/i;
const TEST_MODE_KEY = /^(?:(?:sk|pk|rk)_test_|rzp_test_)[A-Za-z0-9]{6,}$/;
/** Values that are keys by their own prefix, whatever the variable is called (`STRIPE_SK=sk_live_...`). */
const KEY_VALUE =
  /^(?:(?:sk|pk|rk)_(?:live|test)_|rzp_(?:live|test)_|sk-|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|AKIA|ASIA|AIza|hf_|npm_|whsec_)[\w-]{6,}/;

/** Whether a text is env lines of plain local settings only (comments and blank lines allowed); `testKeys`: a secret
 * key may hold a test-mode key (a gitignored local env file). */
export function plainEnvSettings(text: string, testKeys = false): boolean {
  if (text.length > 8 * 1024) return false;
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) =>
    line && !line.startsWith("#")
  );
  return lines.length > 0 && lines.every((line) => {
    const match = LINE.exec(line);
    if (!match) return false;
    const key = match[1].toUpperCase();
    const value = unquoted(match[2]);
    if (RISKY_KEY.test(key) || value.includes("..")) return false;
    if (SECRET_KEY.test(key) || KEY_VALUE.test(value)) {
      return PLACEHOLDER.test(value) || (testKeys && TEST_MODE_KEY.test(value));
    }
    if (value === "" || LOCAL_URL.test(value)) return true;
    return PLAIN_VALUE.test(value) && !HOST_NAME.test(value);
  });
}

const COPIERS = /^(?:cp|install)$/;
/** `cp [-n|-i|-v|--no-clobber|--update=none] TEMPLATE ENVFILE`: a template copied into place. */
function copiesTemplate(segment: Segment): boolean {
  if (!COPIERS.test(segment.program) || segment.redirects.some((r) => r.target !== "/dev/null")) return false;
  const args = segment.argv.slice(1);
  const operands = args.filter((arg) => !arg.startsWith("-"));
  const options = args.filter((arg) => arg.startsWith("-"));
  return operands.length === 2 && TEMPLATE.test(operands[0]) && !TEMPLATE.test(operands[1]) &&
    options.every((option) =>
      /^(?:-[nivp]+|--no-clobber|--update=none|--verbose|-m0?[0-7]{3})$/.test(option)
    );
}

/** Find's tests and actions that only list names; anything else (`-exec`, `-delete`, `-fprint`, `-L`) is not. */
const LISTING_WORD =
  /^(?:[()!,]|-o|-or|-a|-and|-not|-type|-name|-iname|-path|-ipath|-wholename|-maxdepth|-mindepth|-print0?|-prune|-size|-newer|-mtime|-mmin|-empty|[fdl]|\d+|[+-]?\d+[kMG]?)$/;
const START = /^(?:\.\/?|\.\/[\w.-]+(?:\/[\w.-]+)*\/?|[\w-][\w.-]*(?:\/[\w.-]+)*\/?)$/;

/** `find START... TESTS` with every start point inside the project and no action beyond printing names. */
function listsNamesInProject(segment: Segment): boolean {
  if (segment.program !== "find" || segment.redirects.some((r) => r.target !== "/dev/null")) return false;
  const args = segment.argv.slice(1);
  const first = args.findIndex((arg) => arg.startsWith("-") || arg === "(" || arg === "!");
  const starts = first < 0 ? args : args.slice(0, first);
  if (starts.some((start) => !START.test(start) || start.includes(".."))) return false;
  const tests = first < 0 ? [] : args.slice(first);
  return tests.every((arg, index) => {
    const previous = tests[index - 1];
    const valued = previous !== undefined && /^-(?:i?name|i?path|wholename)$/.test(previous);
    return valued || LISTING_WORD.test(arg);
  });
}

/** The rules this module judges. */
export const ENV_SETUP_RULES = new Set(["credential.env_file", "credential.find_key_files"]);

/** Whether a `.env` rule hit is only a project's env file being set up or its name listed. */
export function envFileOnlySetUp(hit: RuleHit, view: ActionView): boolean {
  if (view.proseSegments || view.truncatedShell || view.oversized || view.urls.length > 0) return false;
  if (view.segments.length > 0) {
    if (view.type !== "execute_command") return false;
    const segments = view.segments.filter((segment) => !inlineShell(segment));
    const finds = segments.every((segment) =>
      segment.joinedBy !== "|" && (listsNamesInProject(segment) || segment.program === "cd")
    );
    if (finds && segments.some((segment) => segment.program === "find")) {
      return segments.every((s) => s.program !== "cd" || !/^(?:\/|~|\$|\.\.)/.test(s.argv[1] ?? "/"));
    }
    if (hit.rule.id !== "credential.env_file") return false;
    const touching = segments.filter((segment) =>
      segment.argv.slice(1).some((arg) => ENV_WORD.test(arg)) ||
      segment.redirects.some((redirect) => ENV_WORD.test(redirect.target))
    );
    if (touching.length === 0 || !touching.every(copiesTemplate)) return false;
  } else if (hit.rule.id !== "credential.env_file") return false;
  const matching = view.paths.filter((path) => hit.rule.pattern.test(path.absolute.toLowerCase()));
  const written = new Set(view.writePaths.map((path) => path.absolute));
  if (matching.length === 0 || matching.some((path) => !written.has(path.absolute))) return false;
  if (view.segments.length > 0) return true;
  if (view.type === "copy_file") {
    return view.paths.every((path) => written.has(path.absolute) || TEMPLATE.test(path.absolute));
  }
  if (view.type !== "write_file") return false;
  // The written text itself when the call names it (other fields beside it are not lines of the file); else every
  // text of the call (`{file, text}`, `{filepath, body}`) must be plain settings.
  const local = matching.every((path) => LOCAL_ENV.test(path.absolute));
  const content = view.payload.content;
  if (typeof content === "string") return plainEnvSettings(content, local);
  const contents = view.texts.get("content") ?? [];
  return contents.length > 0 && contents.every((text) => plainEnvSettings(text, local));
}
