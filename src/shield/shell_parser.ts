/** Shell understanding: splits a command into segments (pipelines, lists, subshells, substitutions,
 * here-docs) and unwraps wrappers (`sh -c`, `sudo`, `env`, `xargs`, `find -exec`, interpreters) so every
 * command that would really run is judged. Bounded and total: never throws, whatever the input. */

import { lex, type Token, type Variables } from "./shell_lexer.ts";
import { hereString, substitutedScript, unwrapAssignments, unwrapSegment } from "./shell_unwrap.ts";
import { expandBraces, resolveGlobWord } from "./shell_globs.ts";
import { type PlainLine, plainLine } from "./shell_plain.ts";
import { withoutLookupWords } from "./shell_lookup.ts";
import { reboundCommand } from "./shell_rebind.ts";
import { applyTransform, isTransform, printedText } from "./shell_printed.ts";

export interface Redirect {
  op: string;
  target: string;
}

export interface Segment {
  /** Words after quote removal and known-variable expansion; argv[0] is the command as written. */
  argv: string[];
  /** The command's name: argv[0] without its folder (`/usr/bin/git` -> `git`). */
  program: string;
  redirects: Redirect[];
  /** Canonical text: command basename, then arguments, then redirections, space separated. */
  text: string;
  /** Nesting depth at which the segment was found (0 = top level). */
  depth: number;
  /** Operator that connected this segment to the previous one ("" first, "|" piped, ";", "&&", ...). */
  joinedBy: string;
  /** Runs as root (under `sudo`, `doas`, `su`, `pkexec`, `run0`): set where a segment is made, one shape for all. */
  privileged: boolean;
}

export interface ParsedCommand {
  segments: Segment[];
  /** Code given to interpreters (`python -c`, `node -e`, `perl -e`, here-doc bodies). */
  code: string[];
  /** Files the command writes: redirection targets, `tee`, `cp`/`mv` destinations, `dd of=`, `sed -i`. */
  writeTargets: string[];
  /** True when a bound (size, depth, segment count) cut parsing short. */
  truncated: boolean;
  /** The top-level text without its here-doc bodies (they are judged as the data or script they are), when it
   * had any. */
  withoutBodies?: string;
}

/** `${IFS}` and friends expand to whitespace: `rm${IFS}-rf${IFS}~` is `rm -rf ~`. */
const IFS_EXPANSION = /\$\{IFS(?:[%#][^}]*)?\}|\$IFS\b/g;

/** Windows paths (`C:\\Users\\...`, `%TEMP%\\x`, `$env:APPDATA\\x`, `\\\\host\\share\\x`; round 53: `.\\x.exe`,
 * `..\\x`): their backslashes separate folders rather than escape, so they are read with slashes. A host followed by
 * a doubled backslash is no UNC path but escapes (`"\\\\x63\\\\x75"` in double quotes). */
const WINDOWS_PATH =
  /(?<=^|[\s'"=(,])(?:[A-Za-z]:|%\w+%|\$env:\w+|\\\\[\w.-]+(?!\\\\)|HK(?:LM|CU|CR|U|EY_[A-Z_]+)|\.{1,2}(?=\\\w))\\[^\s'"|;&<>]*/g;

/** Characters of a word that expandWord may change: brace lists and wildcards. */
const EXPANDABLE = /[{?*[]/;

/** Whether a word holds a brace list or wildcard character (`{`, `?`, `*`, `[`): short words (most of them) by a
 * loop, sparing a regex call; long ones (here-doc bodies, scripts) by the regex, faster over many characters. */
function expandable(word: string): boolean {
  if (word.length > 64) return EXPANDABLE.test(word);
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code === 0x7b || code === 0x3f || code === 0x2a || code === 0x5b) return true;
  }
  return false;
}

const NAME_START = (code: number) => (code | 32) >= 97 && (code | 32) <= 122 || code === 95;
const NAME_PART = (code: number) => NAME_START(code) || (code >= 48 && code <= 57);

/** A variable assignment word (`NAME=value`, as `/^[A-Za-z_][A-Za-z0-9_]*=/`). */
function isAssignment(word: string): boolean {
  const equals = word.indexOf("=");
  if (equals < 1 || !NAME_START(word.charCodeAt(0))) return false;
  for (let i = 1; i < equals; i++) if (!NAME_PART(word.charCodeAt(i))) return false;
  return true;
}

/** What every Windows path starts with (WINDOWS_PATH without what may come before it): a cheap test first. */
const WINDOWS_PATH_START =
  /(?:[A-Za-z]:|%\w+%|\$env:\w+|\\\\[\w.-]+(?!\\\\)|HK(?:LM|CU|CR|U|EY_[A-Z_]+)|\.{1,2}(?=\\\w))\\/;

/** Words that open a compound command rather than name one. */
const LEADING_KEYWORDS = new Set("{ } ! then do else elif if while until time".split(" "));

export const MAX_PARSE_CHARS = 256 * 1024;
const MAX_DEPTH = 8;
const MAX_SEGMENTS = 512;

export function basename(word: string): string {
  const slash = word.lastIndexOf("/");
  return slash >= 0 ? word.slice(slash + 1) : word;
}

export function segmentText(argv: string[], redirects: Redirect[]): string {
  let text = argv.length > 0 ? basename(argv[0]) : "";
  for (let i = 1; i < argv.length; i++) text += " " + argv[i];
  for (const redirect of redirects) {
    text += (text === "" && argv.length === 0 ? "" : " ") + redirect.op + " " + redirect.target;
  }
  return text;
}

/** Parser state shared across recursion so bounds hold for the whole command. */
export class ParseState {
  readonly result: ParsedCommand = { segments: [], code: [], writeTargets: [], truncated: false };
  readonly variables: Variables = new Map();
  /** Set while the command of a privilege wrapper is parsed. */
  privileged = false;
  /** Set while a rebound command (shell_rebind.ts) is parsed. */
  private rebinding = false;

  /** Here-doc bodies (as written) of command substitutions nested in the top-level text. */
  readonly nestedBodies: string[] = [];

  /** Round 91: words the lexer found holding a command line its quoting hid (`$'\x72\x6d\x20...'`, an unquoted
   * `$c` of `c='rm -rf ~'`): such a word run as the command is parsed as the line it spells. */
  private readonly unfolded = new Set<string>();

  /** `inSource`: the text is the top-level text or a command substitution written in it (not a decoded or
   * otherwise rebuilt command). */
  parse(text: string, depth: number, inSource = false): void {
    if (depth > MAX_DEPTH || this.result.segments.length >= MAX_SEGMENTS) {
      this.result.truncated = true;
      return;
    }
    if (text.length > MAX_PARSE_CHARS) this.result.truncated = true;
    const bounded = text.length > MAX_PARSE_CHARS ? text.slice(0, MAX_PARSE_CHARS) : text;
    const spaced = bounded.includes("IFS") ? bounded.replace(IFS_EXPANSION, " ") : bounded;
    const source = spaced.includes("\\") && WINDOWS_PATH_START.test(spaced)
      ? spaced.replace(WINDOWS_PATH, (path) => path.replaceAll("\\", "/"))
      : spaced;
    // What runs once the command's own functions, aliases, `set --` and `>(...)` apply (shell_rebind.ts) is judged too.
    // It is read at the same depth (it is what runs there), once: its own parse does not rebind again.
    const rebound = this.rebinding ? undefined : reboundCommand(source);
    if (rebound !== undefined) {
      this.rebinding = true;
      this.parse(rebound, depth);
      this.rebinding = false;
    }
    // A line of plain words is taken without the lexer (shell_plain.ts); a reassigned IFS splits words anew.
    const plain = this.variables.has("IFS") ? undefined : plainLine(source);
    if (plain !== undefined) return this.addPlainLine(plain, depth);
    const { tokens, substitutions, heredocSpans, unfolded } = lex(source, this.variables);
    if (unfolded) { for (const word of unfolded) this.unfolded.add(word); }
    if (depth === 0 && heredocSpans.length > 0 && source === text) {
      let stripped = "";
      let from = 0;
      for (const [start, end] of heredocSpans) {
        stripped += source.slice(from, start);
        from = end;
      }
      this.result.withoutBodies = stripped + source.slice(from);
    } else if (depth > 0 && inSource && source === text) {
      for (const [start, end] of heredocSpans) this.nestedBodies.push(source.slice(start, end));
    }
    this.collectSegments(tokens, depth);
    // `eval "$(... | tr ...)"` and `$(...)` as the command run what the substitution prints, as `... | sh` would.
    const runsOutput = substitutions.length > 0 && EVALUATED_OUTPUT.test(source);
    for (const inner of substitutions) {
      this.parse(inner, depth + 1, inSource);
      const last = this.result.segments[this.result.segments.length - 1];
      if (runsOutput && last && isTransform(last)) {
        this.parsePrinted(last, depth + 1, this.result.segments.length - 1);
      }
    }
  }

  private collectSegments(tokens: Token[], depth: number): void {
    let argv: string[] = [];
    let redirects: Redirect[] = [];
    let joinedBy = "";
    // Here-doc bodies arrive after the newline that ends their command: they belong to the command before it.
    let owner: string[] = [];
    let ownerRedirects: Redirect[] = [];
    const scripts: Array<{ file: string; body: string }> = [];
    const flush = (operator: string) => {
      if (argv.length > 0) [owner, ownerRedirects] = [argv, redirects];
      this.addCommand(argv, redirects, depth, joinedBy);
      // A pipe into a subshell (`... | (sh)`) joins the subshell's first command; `|&` pipes like `|`.
      const piped = argv.length === 0 && operator === "(" && joinedBy === "|";
      argv = [];
      redirects = [];
      joinedBy = piped ? "|" : operator === "|&" ? "|" : operator;
    };
    for (const token of tokens) {
      if (token.kind === "word") {
        // Most words expand to themselves: no reassigned IFS, no brace list, no wildcard.
        if (this.variables.has("IFS") || expandable(token.value)) {
          argv.push(...this.expandWord(token.value));
        } else argv.push(token.value);
      } else if (token.kind === "redirect") redirects.push({ op: token.op, target: token.target });
      else if (token.kind === "op") flush(token.value);
      else {
        const [command, targets] = argv.length > 0 ? [argv, redirects] : [owner, ownerRedirects];
        this.addHeredoc(token.body, command, depth);
        // `cat > run.sh <<EOF ... EOF` writes a script: if the command line also runs it, its body runs too.
        for (const target of targets) {
          if (target.op.startsWith(">")) scripts.push({ file: target.target, body: token.body });
        }
      }
    }
    flush("");
    for (const { file, body } of scripts) {
      const script = SCRIPT_FILE.test(file) ||
        this.result.segments.some((segment) => runsFile(segment.argv, file));
      if (script) this.parse(body, depth + 1);
    }
  }

  /** A simple command's words (compound-command keywords before it dropped) as a segment. */
  private addCommand(argv: string[], redirects: Redirect[], depth: number, joinedBy: string): void {
    let first = argv[0] === "{" || argv[0] === "}" || argv[0] === "!" ? 1 : 0;
    while (first < argv.length && LEADING_KEYWORDS.has(argv[first])) first++;
    const words = first === 0 ? argv : argv.slice(first);
    if (words.length > 0 || redirects.length > 0) this.addSegment(words, redirects, depth, joinedBy);
  }

  /** A plain line's commands, each joined by the operator before it (as `collectSegments` joins them). */
  private addPlainLine({ commands, joins }: PlainLine, depth: number): void {
    for (let k = 0; k < commands.length; k++) {
      this.addCommand(commands[k], [], depth, k === 0 ? "" : joins[k - 1] === "|&" ? "|" : joins[k - 1]);
    }
  }

  /** One lexed word as the shell would pass it: split on a reassigned IFS (`IFS=,;c=rm,-rf,~;$c`), brace
   * lists expanded (`{cat,/etc/passwd}`, `/etc/pass{wd,}`), wildcards resolved to the paths they name. */
  private expandWord(word: string): string[] {
    const separators = this.variables.get("IFS");
    let words = [word];
    if (separators !== undefined && /\S/.test(separators) && !word.startsWith("IFS=")) {
      const split = new RegExp(`[${separators.replace(/[\]\\^-]/g, "\\$&")}\\s]+`);
      words = word.split(split).filter((part) => part !== "");
    }
    return words.flatMap(expandBraces).map(resolveGlobWord);
  }

  private addHeredoc(body: string, argv: string[], depth: number): void {
    this.result.code.push(body);
    const command = basename(withoutLookupWords(argv)[0] ?? "");
    if (/^(?:ba|z|da|k|a|)sh$|^(?:sudo|ssh|doas)$/.test(command) || argv.length === 0) {
      this.parse(body, depth + 1);
    }
  }

  /** What a shell reading a pipe runs: the printed text, passed through the transforms between (`tr`, `rev`,
   * `base64 -d`, `xxd -r -p`), as the pipeline would compute it. */
  parsePrinted(previous: Segment, depth: number, at = this.result.segments.length - 2): void {
    const chain: Segment[] = [];
    let source: Segment | undefined = previous;
    // Round 84: what a wrapper ran (`xargs printf` read as `printf` one level down) is not the pipe's writer.
    while (source && source.depth > depth && at > 0) source = this.result.segments[--at];
    // Round 42: a transform fed a here-string (`rev <<< '...'`) prints that text transformed, as `echo ... | rev` does.
    let fed: string | undefined;
    while (source && isTransform(source) && chain.length < 8) {
      fed = source.redirects.find((redirect) => redirect.op === "<<<")?.target;
      if (fed === undefined && source.joinedBy !== "|") break;
      chain.unshift(source);
      if (fed !== undefined) break;
      source = this.result.segments[--at];
    }
    let printed = fed ?? (source ? printedText(source) : undefined);
    for (const transform of chain) {
      printed = printed === undefined ? undefined : applyTransform(transform, printed);
    }
    if (printed) this.parse(printed, depth + 1);
  }

  /** Records a segment, then judges what it wraps (unwrapping may add more segments). */
  addSegment(written: string[], redirects: Redirect[], depth: number, joinedBy: string): void {
    if (this.result.segments.length >= MAX_SEGMENTS) {
      this.result.truncated = true;
      return;
    }
    const argv = withoutLookupWords(written);
    const leading = argv.findIndex((word) => !isAssignment(word));
    // The words from the first that is no assignment (the list itself when it starts with one: no copy).
    const command = leading < 0 ? [] : leading === 0 ? argv : argv.slice(leading);
    const used = command.length > 0 ? command : argv;
    const previous = this.result.segments[this.result.segments.length - 1];
    const program = basename(used[0] ?? "");
    const segment: Segment = {
      argv: used,
      program,
      redirects,
      text: segmentText(used, redirects),
      depth,
      joinedBy,
      privileged: this.privileged,
    };
    this.result.segments.push(segment);
    if (joinedBy === "|" && previous && isShellReadingStdin(used)) this.parsePrinted(previous, depth);
    for (const redirect of redirects) {
      if (redirect.op === "<<<") hereString(this, program, redirect.target, depth);
    }
    if (used.length > 1 && used.some((word) => word.charCodeAt(0) === 0x3c && word.charCodeAt(1) === 0x28)) {
      substitutedScript(this, program, used.slice(1), depth);
    }
    for (const redirect of redirects) {
      // `/dev/tcp/HOST/PORT` is a connection, not a file (remote_exec.dev_tcp judges it).
      if (redirect.op.includes(">") && !/^&?[0-9-]$|^\/dev\/(?:tcp|udp)\//.test(redirect.target)) {
        this.result.writeTargets.push(redirect.target);
      }
    }
    if (depth <= MAX_DEPTH && argv.some((word) => word.includes("="))) {
      const declares = DECLARATIONS.test(program);
      unwrapAssignments(this, declares ? used.slice(1) : leading < 0 ? argv : argv.slice(0, leading), depth);
    }
    if (command.length > 0 && depth <= MAX_DEPTH) unwrapSegment(this, command, depth);
    // Round 91: a command word that spells a command line (`$'\x64\x64\x20\x69\x66...'`, `$c`) runs as that line.
    if (this.unfolded.size > 0 && used.length > 0 && this.unfolded.has(used[0])) {
      this.parse([used[0], ...used.slice(1).map(quotedWord)].join(" "), depth + 1);
    }
  }
}

/** A word quoted for a command line rebuilt from words (a plain word as it is). */
function quotedWord(word: string): string {
  return /^[\w./=:@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

const SHELL_NAMES = /^(?:ba|z|da|k|a|)sh$/;
const DECLARATIONS = /^(?:export|declare|typeset|readonly|local|setenv)$/;
/** Files whose content a shell runs: scripts, start-up files, hooks, crontabs. */
const SCRIPT_FILE =
  /\.(?:sh|bash|zsh|ksh|command)$|(?:^|\/)\.?(?:bash|zsh|ksh)?rc$|(?:^|\/)\.(?:profile|bash_profile|zprofile|envrc)$|\/hooks\/[^/]+$|\/cron[^/]*\//;
/** Shells that run a script file (an interpreter's script is judged as code: the body is in `code` already). */
const FILE_RUNNERS = /^(?:(?:ba|z|da|k|a|)sh|source|\.)$/;

/** Whether a command runs `file` as shell: as the program (`./run.sh`), or as a shell's script. */
function runsFile(argv: string[], file: string): boolean {
  const plain = (word: string) => word.replace(/^\.\//, "");
  if (argv.length === 0) return false;
  if (plain(argv[0]) === plain(file)) return true;
  const script = argv.slice(1).find((word) => !word.startsWith("-"));
  return FILE_RUNNERS.test(basename(argv[0])) && script !== undefined && plain(script) === plain(file);
}

/** `... | sh`, `... | bash -s`: a shell that runs what it reads. */
function isShellReadingStdin(argv: string[]): boolean {
  return SHELL_NAMES.test(basename(argv[0] ?? "")) && !argv.some((arg) => /^-[a-z]*c/.test(arg));
}

/** A command whose output runs: an `eval` of a substitution, a substitution in command position, or (round 42) a
 * shell's `-c` script that is one, spelled out or as a brace list (`bash -c "$(...)"`, `{bash,-c,"$(...)"}`). */
const EVALUATED_OUTPUT =
  /\beval\s+["']?\$\(|(?:^|[;&|(]\s*)["']?\$\(|\b(?:ba|z|da|k|a)?sh\s+(?:-[a-z]+\s+)*-[a-z]*c[a-z]*\s+["']?\$\(|\{(?:eval|(?:ba|z|da|k|a)?sh,-[a-z]*c[a-z]*),["']?\$\(/;

/** Parses a shell command. Never throws; bounded in depth, size and segment count. */
export function parseShell(text: string): ParsedCommand {
  const state = new ParseState();
  const source = typeof text === "string" ? text : String(text);
  try {
    state.parse(source, 0, true);
  } catch {
    state.result.truncated = true;
  }
  // Bodies of here-docs inside command substitutions (`--body "$(cat <<'EOF' ... EOF)"`) are data or scripts like
  // top-level ones: the whole-line text goes without them too.
  if (state.nestedBodies.length > 0) {
    let stripped = state.result.withoutBodies ?? source;
    for (const body of state.nestedBodies) if (body.length > 0) stripped = stripped.replace(body, () => "");
    if (stripped !== source) state.result.withoutBodies = stripped;
  }
  return state.result;
}
