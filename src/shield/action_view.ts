/** One action seen the way Shield judges it: shell commands parsed into segments, paths normalised,
 * every text cleaned and decoded. Built once per evaluation and shared by Tiers 0 and 1. */

import type { Action } from "./types.ts";
import { KNOWN_TOOLS, payloadFields, type PayloadKind } from "./payload_fields.ts";
import { parseShell, type Segment } from "./shell_parser.ts";
import { cleanPrefix, MAX_SCAN_CHARS, textVariants } from "./normalize.ts";
import { looksLikePath, normalizePath, type NormalPath } from "./paths.ts";
import { canonicalTool } from "./effects/tool_aliases.ts";
import { canonicalAction } from "./effects/canonical_action.ts";
import { AGENT_INSTRUCTIONS } from "./effects/path_classes.ts";
import { configCommands } from "./config_commands.ts";
import { sinkStrings } from "./code_literals.ts";

export interface ActionView {
  /** The tool in our vocabulary: `bash` reads as `execute_command`, `Edit` as `write_file`. */
  type: string;
  /** The tool name as called. */
  tool: string;
  /** The arguments in our vocabulary (what the view was built from). */
  payload: Record<string, unknown>;
  /** Cleaned texts per payload kind, each followed by its decoded variants (case kept). */
  texts: Map<PayloadKind, string[]>;
  /** Segments of every shell text (commands, task text, scripts being written) and their decoded forms. */
  segments: Segment[];
  paths: NormalPath[];
  writePaths: NormalPath[];
  urls: string[];
  /** `METHOD url` plus body, for outbound HTTP. */
  requests: string[];
  /** A text longer than the scan limit was judged on its prefix only. */
  oversized: boolean;
  /** The shell parser hit a bound. */
  truncatedShell: boolean;
}

const SCRIPT_PATH =
  /\.(?:sh|bash|zsh|ksh|command|ps1|psm1|bat|cmd|mk|service|timer|desktop|plist)$|(?:^|\/)(?:makefile|gnumakefile|dockerfile|containerfile|jenkinsfile|package\.json|\.gitlab-ci\.ya?ml|vagrantfile|justfile|taskfile\.ya?ml)$|\/\.github\/workflows\/|\/\.husky\/[^/_][^/]*$|\/\.githooks\/|(?:^|\/)lefthook(?:-local)?\.ya?ml$|(?:^|\/)(?:\.?(?:bash|zsh|ksh)?rc|\.envrc|\.?profile|\.bash_profile|\.zprofile|\.zshenv|\.bash_login|crontab|[^/]*\.service|[^/]*\.timer)$|\/(?:cron\.[a-z]+|init\.d|rc\.local|hooks)\//i;
/** Source files of interpreted languages: what they would run is judged as interpreter code. */
const CODE_PATH =
  /\.(?:py|pyw|pl|pm|rb|js|mjs|cjs|ts|jsx|tsx|php|lua|html?|vue|svelte|astro|ps1|psm1|rs|go|java|kt|kts|cs|swift|scala|groovy|gradle)$/i;
const COMMAND_START = /^\s*[A-Za-z./~_$-][^\s]*\s/;
const URL_IN_TEXT = /\b(?:https?|ftp|wss?):\/\/[^\s'"<>|;`)]+/gi;
const URL_WORD = /^(?:https?|ftp|wss?):\/\/[^\s'"<>|;`]+$/i;
const MAX_PATH_ARGS = 32;
const MAX_REQUEST_CHARS = 16 * 1024;
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
  "realpath",
  "readlink",
  "dirname",
  "basename",
]);
/** Options naming a key a program authenticates with (used in place, never read out): their value is no read. */
const KEY_USE_OPTIONS: Record<string, string> = {
  ssh: "-i",
  scp: "-i",
  sftp: "-i",
  autossh: "-i",
  "ssh-copy-id": "-i",
};
/** Words that start a command inside prose (task text): parsing resumes at each of them. */
const COMMAND_WORDS =
  /(?:^|[\s:;("'`])(?:sudo|rm|curl|wget|nc|ncat|socat|bash|sh|zsh|python3?|perl|ruby|php|node|chmod|chown|crontab|systemctl|kill|pkill|killall|docker|kubectl|git|scp|rsync|ssh|dd|mkfs|find|tar|base64|echo|printf|nohup|iptables|ufw|setenforce|history|unset|export|mv|cp|cat|tee|sed|yes|xmrig|nmap|eval|env|useradd|usermod|visudo|aws|gsutil|rclone|openssl|powershell|shred|truncate|journalctl)(?=\s)/g;
const MAX_PROSE_COMMANDS = 16;
const READ_REDIRECT = /^<(?:>|&)?$/;
const ROOTED_WORD = /^[~/$]/;
const SPACE = /\s/;
/** JavaScript's `\s` among the ASCII characters (the others are asked of the regex). */
const ASCII_SPACE = new Uint8Array(128).map((_zero, code) => SPACE.test(String.fromCharCode(code)) ? 1 : 0);

/** `SPACE.test(word)` by a loop over the word (it runs on every argument). */
function hasSpace(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code < 128 ? ASCII_SPACE[code] === 1 : SPACE.test(word[i])) return true;
  }
  return false;
}
const SPACES = /\s+/;

function push<T>(map: Map<PayloadKind, T[]>, kind: PayloadKind, values: T[]): void {
  const list = map.get(kind);
  if (list) list.push(...values);
  else map.set(kind, [...values]);
}

function gitPushCommand(payload: Record<string, unknown>): string {
  const words = ["git", "push"];
  if (payload.force === true) words.push("--force");
  for (const key of ["remote", "branch"]) {
    if (typeof payload[key] === "string") words.push(String(payload[key]));
  }
  return words.join(" ");
}

function searchCommand(payload: Record<string, unknown>): string {
  const quote = (value: unknown) => `'${String(value ?? "").replaceAll("'", "")}'`;
  return `grep -r ${quote(payload.pattern)} ${quote(payload.path ?? ".")}`;
}

/** A one-character bracket class glued to a word (`c[u]rl`, `[p]arapet`, `.e[n]v`): a disguised letter. A class
 * standing alone (`- [x] done`) disguises nothing. */
const GLUED_CLASS = /[\w./~[\]-]\[[a-z0-9]\]|\[[a-z0-9]\][\w./~[\]-]/i;
const GLUED_CLASSES = /(?<=[\w./~[\]-])\[([a-z0-9])\]|\[([a-z0-9])\](?=[\w./~[\]-])/gi;

/** Extra forms of shell text: `[p]arapet` → `parapet`, `c\\url` and `cu''rl` → `curl`, literals reversed when
 * piped through `rev`. */
function shellVariants(variants: string[]): string[] {
  const extra: string[] = [];
  for (const text of variants) {
    if (text.includes("[") && GLUED_CLASS.test(text)) extra.push(text.replace(GLUED_CLASSES, "$1$2"));
    if ((text.includes("\\") || text.includes("''") || text.includes('""')) && /\\[a-z]|''|""/i.test(text)) {
      extra.push(text.replace(/\\([a-z0-9])/gi, "$1").replace(/''|""/g, ""));
    }
    if (text.includes("rev") && /\|\s*rev\b/.test(text)) {
      for (const literal of text.match(/'[^']{4,}'|"[^"]{4,}"/g) ?? []) {
        extra.push([...literal.slice(1, -1)].reverse().join(""));
      }
    }
  }
  return extra;
}

/** Commands embedded in prose ("Run the shell command: nc -e /bin/sh …"), each from its first word. */
function proseCommands(variants: string[]): string[] {
  const found: string[] = [];
  for (const text of variants) {
    for (const match of text.matchAll(COMMAND_WORDS)) {
      if (found.length >= MAX_PROSE_COMMANDS) return found;
      const start = match.index + (/^[\s:;("'`]/.test(match[0]) ? 1 : 0);
      if (start === 0) continue;
      const end = text.indexOf("\n", start);
      found.push(text.slice(start, end < 0 ? undefined : end));
    }
  }
  return found;
}

function addFileUrls(view: BuildingView, urls: string[]): void {
  for (const url of urls) {
    if (!/^file:\/\//i.test(url)) continue;
    let path = url.slice(7);
    try {
      path = decodeURI(path);
    } catch {
      // A malformed escape stays as written; the path rules still see it.
    }
    view.paths.push(view.normal(path));
  }
}

/** Parses shell text into segments; `withPaths` false for scripts being written (their paths are not touched now). */
function addShell(view: BuildingView, variants: string[], withPaths = true, expand = true): void {
  for (const variant of variants) {
    const parsed = view.parse(variant);
    if (parsed.truncated) view.truncatedShell = true;
    view.segments.push(...parsed.segments);
    if (parsed.code.length > 0) push(view.texts, "code", parsed.code.flatMap(textVariants));
    const line = expandedLine(parsed.segments);
    if (expand && line !== variant && line.length > 0) push(view.texts, "shell", [line]);
    if (!withPaths) continue;
    for (const target of parsed.writeTargets) view.writePaths.push(...shellForms(view, target));
    let cwd = "";
    for (const segment of parsed.segments) {
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
      for (let index = 1; index < argv.length; index++) {
        const word = argv[index];
        if (word.length > 512 || !hasSpace(word)) continue;
        // Sub-commands inside one argument (`smbclient -c 'put .env'`, `lftp -e 'put ~/.aws/credentials'`).
        for (const inner of word.split(SPACES).slice(0, 16)) {
          if (looksLikePath(inner)) addShellPath(view, inner);
        }
      }
      const keyOption = KEY_USE_OPTIONS[segment.argv[0] ?? ""];
      let taken = 0;
      for (let index = 0; index < segment.argv.length && taken < MAX_PATH_ARGS; index++) {
        const word = segment.argv[index];
        if (!looksLikePath(word) || (keyOption && segment.argv[index - 1] === keyOption)) continue;
        taken++;
        addShellPath(view, word.includes("=") ? word.replace(/^[a-z-]*=/i, "") : word);
      }
    }
    const text = parsed.withoutBodies ?? variant;
    if (text.includes("://")) { for (const url of text.match(URL_IN_TEXT) ?? []) view.urls.push(url); }
    // URLs of decoded or rebuilt commands (`$(echo … | base64 -d)`, concatenated code strings) count too.
    for (const segment of parsed.segments) {
      for (const word of segment.argv) {
        if (word.length < 2048 && word.includes("://") && URL_WORD.test(word) && !view.urls.includes(word)) {
          view.urls.push(word);
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
      // A pipe or list inside a nested command keeps its operator, so `bash <<EOF … curl … | sh` reads as a pipe.
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
function addShellPath(view: BuildingView, word: string): void {
  view.paths.push(...shellForms(view, word));
}

function shellForms(view: BuildingView, word: string): NormalPath[] {
  const forms = [view.normal(word)];
  const first = word.charCodeAt(0);
  if ((first === 0x7e || first === 0x24) && /^(?:~(?:\/|$)|\$\{?HOME\b)/.test(word)) {
    forms.push(normalizePath(word, view.workspaceRoot, view.shellHome));
  }
  return forms;
}

interface BuildingView extends ActionView {
  shellHome: string;
  workspaceRoot: string;
  /** normalizePath, remembered by text for this view. */
  normal(path: string): NormalPath;
  /** parseShell, remembered by text for this view: variants and prose often repeat a command. */
  parse(text: string): ReturnType<typeof parseShell>;
}

export function buildActionView(
  action: Action,
  workspace: string,
  home: string,
  shellHome = workspace,
): ActionView {
  // Created on first use (many actions have no command or no path).
  let parsedShell: Map<string, ReturnType<typeof parseShell>> | undefined;
  let normalPaths: Map<string, NormalPath> | undefined;
  const tool = typeof action.type === "string" ? action.type : "";
  const known = KNOWN_TOOLS.has(tool);
  const canonical = known ? action : canonicalAction(action, canonicalTool(tool));
  const view: BuildingView = {
    type: canonical.type,
    tool,
    payload: canonical.payload,
    texts: new Map(),
    segments: [],
    paths: [],
    writePaths: [],
    urls: [],
    requests: [],
    oversized: false,
    truncatedShell: false,
    shellHome,
    workspaceRoot: workspace,
    normal: (path) => {
      normalPaths ??= new Map();
      let normal = normalPaths.get(path);
      if (!normal) normalPaths.set(path, normal = normalizePath(path, workspace, home));
      return normal;
    },
    parse: (text) => {
      parsedShell ??= new Map();
      let parsed = parsedShell.get(text);
      if (!parsed) parsedShell.set(text, parsed = parseShell(text));
      return parsed;
    },
  };
  const payload = canonical.payload;
  if (view.type === "git_push") addShell(view, [gitPushCommand(payload)]);
  if (view.type === "grep_files" || view.type === "search_files") addShell(view, [searchCommand(payload)]);
  const fields = payloadFields(canonical);
  const ordered = [
    ...fields.filter((field) => field.kind.endsWith("path")),
    ...fields.filter((field) => !field.kind.endsWith("path")),
  ];
  for (const field of ordered) {
    if (field.value.length > MAX_SCAN_CHARS) view.oversized = true;
    if (field.kind === "path" || field.kind === "write_path") {
      const path = view.normal(cleanPrefix(field.value));
      view.paths.push(path);
      if (field.kind === "write_path") view.writePaths.push(path);
      continue;
    }
    if (field.kind === "shell") {
      addCommandLine(view, field.value);
      continue;
    }
    const variants = textVariants(field.value);
    push(view.texts, field.kind, variants);
    if (field.kind === "url") view.urls.push(...variants);
    if (field.kind === "task") addShell(view, [...variants, ...proseCommands(variants)]);
    if (field.kind === "url") addFileUrls(view, variants);
    if (field.kind === "content" && view.writePaths.some((path) => SCRIPT_PATH.test(path.absolute))) {
      push(view.texts, "shell", variants);
      addShell(view, variants, false);
    } else if (field.kind === "content" && addConfigCommands(view, variants)) {
      // Commands a configuration or instruction file will have run later are judged as commands.
    } else if (field.kind === "content" && view.writePaths.some((path) => CODE_PATH.test(path.absolute))) {
      // Source files are code to run later: judged as code, and the strings they hand to calls that run
      // command lines are judged as commands (strings they only hold, such as test inputs, are not).
      push(view.texts, "code", variants);
      const commands = variants.slice(0, 4).flatMap(sinkStrings).filter((text) => COMMAND_START.test(text));
      if (commands.length > 0) addShell(view, commands, false, false);
    }
  }
  addRequests(view, payload);
  return view;
}

/** A command line: parsed in full (here-doc bodies become code, and scripts when a shell runs them), while the
 * whole-line texts the rules read are the line without its here-doc bodies, decoded and respelled. */
function addCommandLine(view: BuildingView, value: string): void {
  const raw = cleanPrefix(value);
  const withoutBodies = view.parse(raw).withoutBodies;
  const variants = textVariants(withoutBodies ?? value);
  const extra = shellVariants(variants);
  push(view.texts, "shell", [...variants, ...extra]);
  addShell(
    view,
    withoutBodies === undefined ? [...variants, ...extra] : [raw, ...variants.slice(1), ...extra],
  );
}

/** Commands held by configuration and agent instruction files being written; true when there were any. */
function addConfigCommands(view: BuildingView, variants: string[]): boolean {
  const commands: string[] = [];
  for (const path of view.writePaths) {
    const lower = path.absolute.toLowerCase();
    const instructions = AGENT_INSTRUCTIONS.test(lower);
    for (const variant of variants.slice(0, 4)) {
      commands.push(...configCommands(lower, variant, instructions));
    }
  }
  if (commands.length === 0) return false;
  push(view.texts, "shell", commands);
  addShell(view, commands, false);
  return true;
}

function addRequests(view: BuildingView, payload: Record<string, unknown>): void {
  if (view.type !== "http_request" && view.type !== "browser_navigate") return;
  const method = typeof payload.method === "string" ? payload.method.toUpperCase() : "GET";
  const headers = (view.texts.get("header") ?? []).join("\n");
  // The body is scanned in full as outbound text; request rules need the method, URL, headers and its start.
  const body = [headers, ...(view.texts.get("outbound") ?? [])].join("\n").slice(0, MAX_REQUEST_CHARS);
  for (const url of view.urls) view.requests.push(`${method} ${url}\n${body}`);
}
