/** How shell text adds to an action view: its segments, the paths its words name (reads, redirects, `cd`-relative
 * names, sub-commands inside one argument), its URLs and the command line rebuilt from its segments. */

import type { ActionView } from "./action_view.ts";
import type { PayloadKind } from "./payload_fields.ts";
import type { parseShell, Segment } from "./shell_parser.ts";
import { textVariants } from "./normalize.ts";
import { looksLikePath, normalizePath, type NormalPath } from "./paths.ts";
import { credentialOptionsOf, isCredentialOptionValue } from "./effects/credential_options.ts";
import { cmdExpanded } from "./cmd_variables.ts";
import { assembledPowerShell } from "./powershell_assembly.ts";
import { readsCountsOnly } from "./effects/count_only_reads.ts";

export const URL_IN_TEXT = /\b(?:https?|ftp|wss?):\/\/[^\s'"<>|;`)]+/gi;
const URL_WORD = /^(?:https?|ftp|wss?):\/\/[^\s'"<>|;`]+$/i;
/** A loopback address with a port and no scheme (`localhost:3100/api/restart`, `127.0.0.1:3100`): curl, wget, httpie
 * and most clients read it as `http://` (stop 35, lead: the engine's own API reached without a scheme). */
const SCHEMELESS_LOOPBACK =
  /^(?:localhost|127(?:\.\d{1,3}){3}|\[(?:0*:)*:?0*1\]|0\.0\.0\.0|0x7f[0-9a-f]{6}|2130706433|0177\.\d+\.\d+\.\d+):\d{1,5}(?:[/?#][^\s'"<>|;`]*)?$/i;
const MAX_PATH_ARGS = 32;
/** Commands that touch a file's metadata, never its content: their path arguments are not reads. */
const METADATA_COMMANDS = new Set([
  "chmod",
  "chown",
  "chgrp",
  "ls",
  "stat",
  "test",
  "[",
  "du",
  "ssh-add",
  "ssh-keygen",
  "keychain",
  "realpath",
  "readlink",
  "dirname",
  "basename",
]);
const READ_REDIRECT = /^<(?:>|&)?$/;
const INTERPRETERS =
  /^(?:python[0-9.]*|pypy[0-9]*|node|nodejs|bun|deno|perl[0-9.]*|ruby[0-9.]*|php[0-9.]*|lua[0-9.]*|tclsh|osascript|rscript|pwsh|powershell)$/;
const SHELL_PROGRAMS = /^(?:ba|z|da|k|a|)sh$/;
const ROOTED_WORD = /^[~/$]/;
/** Whether a word holds whitespace (it runs on every argument: the native regex measured faster than a loop). */
const SPACE = /\s/;
const SPACES = /\s+/;

/** Whether an argument may hold a key used in place or a metadata command over key files (else usedInPlace finds
 * nothing worth its time): both name ssh, scp or sftp, or a path under `.ssh`. */
function inPlaceHint(word: string): boolean {
  return word.includes("ssh") || word.includes("scp") || word.includes("sftp");
}
const NONE: ReadonlySet<number> = new Set();
/** A word that is an ssh login command, bare or as a setting's value (`core.sshCommand=ssh -i KEY`). */
const LOGIN_COMMAND = /^(?:[\w.-]+=)?(?:\S*\/)?(?:ssh|autossh)\s+-/i;

/** Indices of the words of one argument's sub-commands that are no reads, as at the top: a key used in place
 * (`os.system("ssh -i KEY host")`) and the paths of a metadata command up to its closing quote
 * (`os.system("ssh-keygen -f KEY ...")`). */
function usedInPlace(inners: readonly string[]): Set<number> {
  const found = new Set<number>();
  let keyOptions: readonly string[] | undefined;
  let metadataQuote = "";
  for (let k = 0; k < inners.length; k++) {
    const inner = inners[k];
    if (metadataQuote !== "") {
      found.add(k);
      if (inner.includes(metadataQuote)) metadataQuote = "";
    } else if (keyOptions !== undefined && keyOptions.includes(inners[k - 1])) found.add(k);
    // Round 51: a command substitution opens one too (`echo $(ssh-add KEY)`), closed by its parenthesis.
    const opened = /(["'`]|\$\()([\w.-]+)$/.exec(inner);
    if (opened && METADATA_COMMANDS.has(opened[2])) metadataQuote = opened[1] === "$(" ? ")" : opened[1];
    const name = inner.replace(/^.*[^\w.-]/, "");
    if (keyOptions === undefined && credentialOptionsOf(name).length > 0) {
      keyOptions = credentialOptionsOf(name);
    }
  }
  return found;
}

/** A word that is a metadata command's substitution (`$(keychain --eval KEY)`, round 51): its own segment is judged,
 * the word is no path. */
const SUBSTITUTED = /^(?:\$\(|`)\s*([\w.-]+)/;
function substitutedMetadata(word: string): boolean {
  const command = SUBSTITUTED.exec(word)?.[1];
  return command !== undefined && METADATA_COMMANDS.has(command);
}

export function push<T>(map: Map<PayloadKind, T[]>, kind: PayloadKind, values: T[]): void {
  const list = map.get(kind);
  if (list) list.push(...values);
  else map.set(kind, [...values]);
}

/** A one-character bracket class glued to a word (`c[u]rl`, `[p]arapet`, `.e[n]v`): a disguised letter. A class
 * standing alone (`- [x] done`) disguises nothing. */
const GLUED_CLASS = /[\w./~[\]-]\[[a-z0-9]\]|\[[a-z0-9]\][\w./~[\]-]/i;
const ESCAPED_LETTERS = /\$'(?:[^'\\]|\\.)*'|\\([a-z0-9])/gi;
const GLUED_CLASSES = /(?<=[\w./~[\]-])\[([a-z0-9])\]|\[([a-z0-9])\](?=[\w./~[\]-])/gi;

/** Extra forms of shell text: `[p]arapet` -> `parapet`, `c\\url` and `cu''rl` -> `curl`, literals reversed when
 * piped through `rev` or fed it as a here-string, cmd.exe's variables expanded (cmd_variables.ts), PowerShell's
 * constant assemblies evaluated (round 61). */
export function shellVariants(variants: string[]): string[] {
  const extra: string[] = [];
  for (const text of variants) {
    if (text.includes("[") && GLUED_CLASS.test(text)) extra.push(text.replace(GLUED_CLASSES, "$1$2"));
    if ((text.includes("\\") || text.includes("''") || text.includes('""')) && /\\[a-z]|''|""/i.test(text)) {
      // Not inside ANSI-C quoting (`$'\x73'sh`), whose escapes the lexer decodes: dropping them there misspells.
      extra.push(text.replace(ESCAPED_LETTERS, (all, letter) => letter ?? all).replace(/''|""/g, ""));
    }
    // Round 53: cmd.exe's variables, substrings and carets expanded (`set a=cer&& call %a%tutil ...`).
    if (text.includes("%") || text.includes("!") || text.includes("^")) {
      const cmd = cmdExpanded(text);
      if (cmd !== undefined) extra.push(cmd);
    }
    // Round 61: PowerShell a Windows shell tool is given, its constant pieces assembled (powershell_assembly.ts).
    const assembled = assembledPowerShell(text);
    if (assembled !== undefined) extra.push(assembled);
    // Round 42: also a here-string fed to `rev` whose output a variable carries (`x=$(rev<<<'...'); bash -c "$x"`).
    if (text.includes("rev") && /\|\s*rev\b|\brev\s*<<</.test(text)) {
      for (const literal of text.match(/'[^']{4,}'|"[^"]{4,}"/g) ?? []) {
        extra.push([...literal.slice(1, -1)].reverse().join(""));
      }
    }
  }
  return extra;
}

/** Parses shell text into segments; `withPaths` false for scripts being written (their paths are not touched now). */
export function addShell(view: BuildingView, variants: string[], withPaths = true, expand = true): void {
  for (const variant of variants) {
    const parsed = view.parse(variant);
    if (parsed.truncated) view.truncatedShell = true;
    view.segments.push(...parsed.segments);
    if (parsed.code.length > 0) push(view.texts, "code", parsed.code.flatMap(textVariants));
    const line = expandedLine(parsed.segments);
    if (expand && line !== variant && line.length > 0) push(view.texts, "shell", [line]);
    if (!withPaths) continue;
    for (const target of parsed.writeTargets) addShellForms(view, view.writePaths, target);
    // Round 71: a command whose every output is a count or a yes/no (`grep -c token ~/.npmrc`) reads no content
    // into the agent's context, as a metadata command does not.
    const countsOnly = readsCountsOnly(parsed.segments, parsed.truncated);
    let cwd = "";
    for (const segment of parsed.segments) {
      // Its `echo` words are still read as paths, as any echo's are (an unclosed quote may hide a redirection).
      if (countsOnly && segment.program !== "echo" && segment.program !== "printf") continue;
      const argv = segment.argv;
      if (segment.depth === 0 && argv[0] === "cd" && argv[1]) {
        cwd = argv[1].endsWith("/") ? argv[1] : `${argv[1]}/`;
        continue;
      }
      for (const redirect of segment.redirects) {
        if (READ_REDIRECT.test(redirect.op) && looksLikePath(redirect.target)) {
          addShellPath(view, redirect.target);
        }
      }
      if (METADATA_COMMANDS.has(segment.program)) continue;
      if (cwd !== "" && segment.depth === 0) {
        for (let index = 1; index < argv.length; index++) {
          const word = argv[index];
          if (!word.startsWith("-") && !ROOTED_WORD.test(word) && looksLikePath(word)) {
            addShellPath(view, cwd + word);
          }
        }
      }
      // A shell's or `eval`'s command argument is parsed as the command it is (its own segments, their key uses).
      const parsesArguments = segment.program === "eval" || SHELL_PROGRAMS.test(segment.program);
      for (let index = 1; index < argv.length && !parsesArguments; index++) {
        const word = argv[index];
        if (word.length > 512 || !SPACE.test(word)) continue;
        // Sub-commands inside one argument (`smbclient -c 'put .env'`, `lftp -e 'put ~/.aws/credentials'`).
        const inners = word.split(SPACES).slice(0, 16);
        let inPlace: ReadonlySet<number> | undefined;
        for (let k = 0; k < inners.length; k++) {
          if (!looksLikePath(inners[k])) continue;
          inPlace ??= inPlaceHint(word) ? usedInPlace(inners) : NONE;
          if (!inPlace.has(k)) addShellPath(view, inners[k]);
        }
      }
      let taken = 0;
      for (let index = 0; index < segment.argv.length && taken < MAX_PATH_ARGS; index++) {
        const word = segment.argv[index];
        if (
          !looksLikePath(word) || isCredentialOptionValue(segment.program, segment.argv, index) ||
          substitutedMetadata(word)
        ) continue;
        // Inline code (`python3 -c "..."`) is no path: its words were looked at one by one above; nor is a login
        // command handed to a program (`rsync -e 'ssh -i KEY'`, `-c core.sshCommand="ssh -i KEY"`, round 42).
        if (
          (parsesArguments ||
            segment.argv[index - 1]?.startsWith("-") && INTERPRETERS.test(segment.program) ||
            inPlaceHint(word) && LOGIN_COMMAND.test(word)) &&
          SPACE.test(word)
        ) continue;
        taken++;
        addShellPath(view, word.includes("=") ? word.replace(/^[a-z-]*=/i, "") : word);
      }
    }
    const text = parsed.withoutBodies ?? variant;
    if (text.includes("://")) { for (const url of text.match(URL_IN_TEXT) ?? []) view.urls.push(url); }
    // URLs of decoded or rebuilt commands (`$(echo ... | base64 -d)`, concatenated code strings) count too.
    for (const segment of parsed.segments) {
      for (const word of segment.argv) {
        if (word.length < 2048 && word.includes("://") && URL_WORD.test(word) && !view.urls.includes(word)) {
          view.urls.push(word);
        }
        // A port needs a colon: most words skip the loopback test. httpie's and xh's `:3100/api/x` is localhost's
        // port 3100.
        if (!word.includes(":") || word.includes("://")) continue;
        const local = word.startsWith(":") && /^(?:https?|xhs?)$/.test(segment.program)
          ? `localhost${word}`
          : word;
        if (
          local.length < 2048 && SCHEMELESS_LOOPBACK.test(local) && !view.urls.includes(`http://${local}`)
        ) {
          view.urls.push(`http://${local}`);
        }
      }
    }
  }
}

/** The parsed command line rebuilt from its segments (variables, case changes and decoded pipelines expanded), so
 * whole-line rules judge what would run rather than how it was spelled. */
function expandedLine(segments: Segment[]): string {
  let line = "";
  let previous: Segment | undefined;
  for (const segment of segments) {
    if (line !== "") {
      // A pipe or list inside a nested command keeps its operator, so `bash <<EOF ... curl ... | sh` reads as a pipe.
      const joined = segment.joinedBy !== "" && segment.joinedBy !== "\n" &&
        (segment.depth === 0 || previous?.depth === segment.depth);
      line += joined ? ` ${segment.joinedBy} ` : " ; ";
    }
    line += segment.text;
    previous = segment;
  }
  return line.length > 64 * 1024 ? "" : line;
}

/** A path word of a shell command: `~` and `$HOME` are the shell's HOME (the workspace when the engine runs it)
 * and, to be safe, the user's home too. */
export function addShellPath(view: BuildingView, word: string): void {
  addShellForms(view, view.paths, word);
}

/** Adds a path word's forms to `list`: as the user's path, and as the shell's when it starts at the home. */
function addShellForms(view: BuildingView, list: NormalPath[], word: string): void {
  list.push(view.normal(word));
  const first = word.charCodeAt(0);
  if ((first === 0x7e || first === 0x24) && /^(?:~(?:\/|$)|\$\{?HOME\b)/.test(word)) {
    list.push(normalizePath(word, view.workspaceRoot, view.shellHome));
  }
}

/** A view with nothing found yet: every field set here, in one order, so all views share one shape (a field added
 * later to some made several, and the checks that read views saw them all). */
export function startView(
  called: Pick<ActionView, "type" | "tool" | "calledPayload" | "payload">,
  places: Pick<BuildingView, "shellHome" | "workspaceRoot" | "normal" | "parse">,
): BuildingView {
  return {
    type: called.type,
    tool: called.tool,
    calledPayload: called.calledPayload,
    payload: called.payload,
    texts: new Map(),
    segments: [],
    paths: [],
    writePaths: [],
    urls: [],
    requests: [],
    oversized: false,
    truncatedShell: false,
    proseSegments: false,
    shellHome: places.shellHome,
    workspaceRoot: places.workspaceRoot,
    normal: places.normal,
    parse: places.parse,
  };
}

export interface BuildingView extends ActionView {
  shellHome: string;
  workspaceRoot: string;
  /** normalizePath, remembered by text for this view. */
  normal(path: string): NormalPath;
  /** parseShell, remembered by text for this view: variants and prose often repeat a command. */
  parse(text: string): ReturnType<typeof parseShell>;
}
