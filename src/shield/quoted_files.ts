/** What a written file's path says it is (round 16): data that quotes (tests, fixtures, evals, detection rules,
 * translations), a document (docs, Markdown, notes), a script whose comments do not run, or a place where text acts
 * (agent instructions, hooks, CI, shell rc, cron, services) -- and the file's text with its quotations taken out. */

import { AGENT_INSTRUCTIONS } from "./effects/path_classes.ts";
import { isSampleList } from "./effects/sample_lists.ts";
import { LITERALS } from "./literal_index.ts";
import type { Part } from "./literal_compose.ts";

export type QuotingRole = "data" | "document" | "script";

/** Places where written text acts on its own: agent instructions and memory, git hooks, CI, shell start-up files,
 * schedules and services. They keep full judgement whatever their name or folder. */
const ACTING =
  /(?:^|\/)\.git\/|\/\.githooks\/|\/\.husky\/|\/\.github\/(?:workflows|actions)\/|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)(?:\.?(?:bash|zsh|ksh)?rc|\.envrc|\.?profile|\.bash_profile|\.zprofile|\.zshenv|\.bash_login|\.bash_logout|crontab|lefthook(?:-local)?\.ya?ml|\.pre-commit-config\.ya?ml)$|\/(?:cron\.[a-z]+|cron|init\.d|systemd|autostart|launchagents|launchdaemons|sudoers\.d|profile\.d)\/|\.(?:service|timer|desktop|plist)$|(?:^|\/)(?:memory|memories)\/|(?:^|\/)llms(?:-full)?\.txt$|(?:^|\/)(?:requirements|constraints)[\w.-]*\.txt$/i;

/** Test code and test data: test folders and names, snapshots and golden files, eval sets. */
const TEST_PLACE =
  /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|__fixtures__|testdata|test-data|mocks?|__mocks__|cassettes|__snapshots__|snapshots|evals?|golden)\/|[._-](?:test|spec)\.[a-z0-9]+$|(?:^|\/)test_[^/]+$|\.(?:snap|golden)$/i;
/** Detection rules: YARA, Sigma, semgrep, Snort/Suricata, WAF and scanner templates. */
const RULE_FILE =
  /\.(?:yara?|rules)$|(?:^|\/)(?:rules|signatures|detections?|sigma|semgrep|\.semgrep|yara|waf|nuclei-templates)\/(?:[^/]+\/)*[^/]+\.(?:ya?ml|json|toml|txt|yara?|rules)$|(?:^|\/)\.?semgrep(?:rules)?\.ya?ml$/i;
/** Translations: strings shown to people. */
const LOCALE_FILE =
  /(?:^|\/)(?:locales?|i18n|l10n|lang|translations)\/(?:[^/]+\/)*[^/]+\.(?:json|ya?ml|po|pot|properties|xliff|xlf|ftl|arb|strings)$|\.(?:po|pot|xliff|xlf|ftl)$/i;
/** Documents for people: Markdown and other prose formats, and the usual documentation folders. */
const DOCUMENT =
  /\.(?:md|mdx|markdown|rst|adoc|asciidoc|txt|org|tex)$|(?:^|\/)(?:docs?|documentation|notes|writeups?|reports?|blog|posts|wiki)\/(?:[^/]+\/)*[^/]+\.(?:md|mdx|rst|adoc|txt|html?)$|(?:^|\/)(?:readme|changelog|changes|history|security|contributing|license|notice|authors)(?:\.[a-z]+)?$/i;
/** Build and helper scripts whose `#` comment lines never run (hooks, CI and rc files are acting places). */
const SCRIPT =
  /\.(?:sh|bash|zsh|ksh)$|(?:^|\/)(?:dockerfile|containerfile|makefile|gnumakefile|justfile)(?:\.[\w-]+)?$/i;

/** Structured data and markup formats: a quotation in them is a value under a key, in a column or in a test page. */
const STRUCTURED = /\.(?:json|jsonl|ndjson|ya?ml|toml|csv|tsv|snap|golden|xml|html?|svg|po|properties)$/i;

/** Code formats: a quotation in them is a string literal or a comment, the rest is code. */
export const CODE_FORMAT =
  /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|kts|cs|php|pl|pm|swift|scala|lua|sh|bash|zsh|ps1|c|cc|cpp|h|hpp)$/i;

/** The last path asked about and its role (round 24 of speed): one written file's role is asked by the rules'
 * quoted hits, the hidden-instruction check, the written-file checks and once per text unquoted, each running the
 * seven path patterns below again; the role depends on the path alone. */
let lastPath: string | undefined;
let lastRole: QuotingRole | undefined;

/** The role of one written file (absolute path), or undefined where text may act. */
export function quotingRole(path: string): QuotingRole | undefined {
  if (path !== lastPath) {
    lastRole = roleOf(path);
    lastPath = path;
  }
  return lastRole;
}

function roleOf(path: string): QuotingRole | undefined {
  const lower = path.toLowerCase();
  if (AGENT_INSTRUCTIONS.test(lower) || ACTING.test(lower)) return undefined;
  if (RULE_FILE.test(lower) || LOCALE_FILE.test(lower)) return "data";
  // Test places hold data in structured and code formats; their prose files (`.txt`, `.md`, `.eml`) are read like
  // any document.
  if (TEST_PLACE.test(lower)) return STRUCTURED.test(lower) || CODE_FORMAT.test(lower) ? "data" : "document";
  if (DOCUMENT.test(lower)) return "document";
  if (SCRIPT.test(lower)) return "script";
  return undefined;
}

/** The one role every written file shares, if any. */
export function writtenRole(paths: readonly string[]): QuotingRole | undefined {
  if (paths.length === 0) return undefined;
  const role = quotingRole(paths[0]);
  for (let k = 1; k < paths.length; k++) if (quotingRole(paths[k]) !== role) return undefined;
  return role;
}

/** Markdown code spans and fences, block quotes, and text in quotation marks: what a document shows, not says. */
const DOCUMENT_QUOTES =
  /```[\s\S]*?```|~~~[\s\S]*?~~~|`[^`\n]*`|^ {0,3}>.*$|^(?: {4}|\t).*$|"[^"\n]{1,600}"|(?<![\p{L}\p{N}])'[^'\n]{1,300}'(?![\p{L}\p{N}])|\u201C[^\u201D\n]{1,600}\u201D|«[^»\n]{1,600}»/gmu;
/** String literals of code (one line; a template literal may span lines). */
const STRING_LITERALS = /"(?:[^"\\\n]|\\.){0,2000}"|'(?:[^'\\\n]|\\.){0,2000}'|`(?:[^`\\]|\\.){0,4000}`/g;
/** Whole-line comments of scripts and Dockerfiles (`#`), and of C-like code (`//`). */
const COMMENT_LINES = /^\s*(?:#(?!!)|\/\/).*$/gm;

/** Source code outside tests (any folder but acting places): its string literals are values of the program -- an
 * injection phrase in one is a string the program handles, not an order to the agent writing it. Its comments and
 * code are read as written. */
export function isSourceFile(path: string): boolean {
  const lower = path.toLowerCase();
  return CODE_FORMAT.test(lower) && !SCRIPT.test(lower) && !AGENT_INSTRUCTIONS.test(lower) &&
    !ACTING.test(lower);
}

/** Source code with its string literals emptied. */
export function stringsRemoved(text: string): string {
  return text.length > 256 * 1024 ? text : text.replace(STRING_LITERALS, '""');
}

/** The text with what the file's role quotes blanked out: a document's quotations, a code file's strings and
 * comments, a script's comment lines. Data files in other formats are all quotation (empty). */
export function unquotedText(path: string, text: string): string {
  if (text.length > 256 * 1024) return text;
  const role = quotingRole(path);
  // A test place's list of samples, one per line, is test data (round 17).
  if (role === "document" && TEST_PLACE.test(path) && isSampleList(text)) return "";
  if (role === "document") return quotationsBlanked(text);
  if (role === "script") return text.replace(COMMENT_LINES, " ");
  if (role === "data") {
    return CODE_FORMAT.test(path) ? text.replace(COMMENT_LINES, " ").replace(STRING_LITERALS, '""') : "";
  }
  return text;
}

/** A document with each quotation replaced by a space; the literal index is told which slices of the text it is
 * made of, so its scan is composed from the text's rather than read again. */
function quotationsBlanked(text: string): string {
  const parts: Part[] = [];
  let last = 0;
  const blanked = text.replace(DOCUMENT_QUOTES, (quotation: string, ...rest: unknown[]) => {
    // The first number after the groups is where the match starts.
    const at = rest.find((value) => typeof value === "number") as number;
    if (at > last) parts.push({ source: text, from: last, to: at });
    parts.push(" ");
    last = at + quotation.length;
    return " ";
  });
  if (parts.length === 0) return blanked;
  if (last < text.length) parts.push({ source: text, from: last, to: text.length });
  LITERALS.derive(blanked, parts);
  return blanked;
}

/** The written texts with their quotations blanked; texts a data file holds whole (no code) are dropped. */
export function unquotedContents(path: string, texts: readonly string[]): string[] {
  return texts.map((text) => unquotedText(path, text)).filter((text) => text.trim().length > 0);
}

/** The texts the written-file checks judge (`contents`) and those the concealed-order check judges (`concealed`):
 * a script's comment lines run nothing, so both leave them out; a document's commands may be orders to its reader,
 * so only its quoted orders to keep things from the user are left out. */
export function writtenChecks(
  path: string,
  texts: readonly string[],
): { contents: string[]; concealed: string[] } {
  const role = quotingRole(path);
  if (role === "script") {
    const unquoted = unquotedContents(path, texts);
    return { contents: unquoted, concealed: unquoted };
  }
  // Rules, translations and eval data are all quotation; test code keeps its code (tests skip these checks anyway).
  if (role === "data") {
    const unquoted = unquotedContents(path, texts);
    return { contents: unquoted, concealed: unquoted };
  }
  return {
    contents: [...texts],
    concealed: role === "document" ? unquotedContents(path, texts) : [...texts],
  };
}
