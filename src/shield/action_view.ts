/** One action seen the way Shield judges it: shell commands parsed into segments, paths normalised,
 * every text cleaned and decoded. Built once per evaluation and shared by Tiers 0 and 1. */

import { handedCommands, handsToAgent, recipientIsAgent } from "./effects/agent_handoff_names.ts";
import { identifierWords } from "./effects/words.ts";
import { plainCall } from "./action_shape.ts";
import type { Action } from "./types.ts";
import { KNOWN_TOOLS, payloadFields, type PayloadKind } from "./payload_fields.ts";
import { parseShell, type Segment } from "./shell_parser.ts";
import { cleanPrefix, MAX_SCAN_CHARS, textVariants } from "./normalize.ts";
import { readProse } from "./prose_text.ts";
import { aliasedPath, normalizePath, type NormalPath } from "./paths.ts";
import { TextMemo } from "./view_memo.ts";
import {
  addShell,
  addShellPath,
  type BuildingView,
  push,
  shellVariants,
  startView,
  URL_IN_TEXT,
} from "./view_shell.ts";
import { canonicalAction, environmentSet } from "./effects/canonical_action.ts";
import { AGENT_INSTRUCTIONS } from "./effects/path_classes.ts";
import { configCommands } from "./config_commands.ts";
import { manifestCommands, manifestInputs } from "./kube_inputs.ts";
import { BACKTICKS_RUN, sinkStrings } from "./code_literals.ts";
import {
  MAX_WHOLE_TASK,
  proseCommands,
  proseLines,
  prosePaths,
  SHELL_SPELLING,
  spansLines,
} from "./prose_commands.ts";

export interface ActionView {
  /** The tool in our vocabulary: `bash` reads as `execute_command`, `Edit` as `write_file`. */
  type: string;
  /** The tool name as called. */
  tool: string;
  /** The arguments as called, their outer shape made plain (`action_shape.ts`): what `tool` was given. */
  calledPayload: Record<string, unknown>;
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
  /** Some segments were picked out of prose (a long sub-agent prompt): they are not all the action asks for, so no
   * allow rule vouches for the action by its commands. */
  proseSegments: boolean;
}

const SCRIPT_PATH =
  /\.(?:sh|bash|zsh|ksh|command|ps1|psm1|bat|cmd|mk|service|timer|desktop|plist)$|(?:^|\/)(?:makefile|gnumakefile|dockerfile|containerfile|jenkinsfile|package\.json|\.gitlab-ci\.ya?ml|vagrantfile|justfile|taskfile\.ya?ml)$|\/\.github\/workflows\/|\/\.husky\/[^/_][^/]*$|\/\.githooks\/|(?:^|\/)lefthook(?:-local)?\.ya?ml$|(?:^|\/)(?:\.?(?:bash|zsh|ksh)?rc|\.envrc|\.?profile|\.bash_profile|\.zprofile|\.zshenv|\.bash_login|crontab|[^/]*\.service|[^/]*\.timer)$|\/(?:cron\.[a-z]+|init\.d|rc\.local|hooks)\//i;
/** Source files of interpreted languages: what they would run is judged as interpreter code. */
const CODE_PATH =
  /\.(?:py|pyw|pl|pm|rb|js|mjs|cjs|ts|jsx|tsx|php|lua|html?|vue|svelte|astro|ps1|psm1|rs|go|java|kt|kts|cs|swift|scala|groovy|gradle)$/i;
/** Prose fields are also judged as read (`prose_text.ts`: markup, wraps, Chinese glossed), unless written as a
 * script; the text checks see that reading, and (round 30) so do the commands a task or message hands to an agent
 * (links and files come from the text as written). A source file's docstrings and comments are read so too (round
 * 30: a tool docstring's `<IMPORTANT>` order in Markdown bold or in Chinese), its code is judged as written. */
const PROSE_KINDS = new Set(["outbound", "content", "task"]);
const COMMAND_START = /^\s*[A-Za-z./~_$-][^\s]*\s/;
const MAX_REQUEST_CHARS = 16 * 1024;
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

/** Work handed to another agent (prompts, task descriptions). A short text is parsed as shell whole; longer prose
 * is not (parsing sentences as commands gives segments that are words of prose): its lines that may hold a
 * command, the commands that start at a command word, and its code spans are parsed, and every path word it names
 * counts as a path the work touches. */
function addTaskText(view: BuildingView, variants: string[]): void {
  const whole = variants.filter((text) => text.length <= MAX_WHOLE_TASK);
  const prose = variants.filter((text) => text.length > MAX_WHOLE_TASK);
  // Here-docs and continued lines span lines: such a prompt is parsed whole, as any text used to be.
  const spanning = prose.some(spansLines);
  const lines = prose.length > 0 && !spanning ? proseLines(prose) : undefined;
  const paths = lines ? prosePaths(prose) : undefined;
  if (prose.length > 0 && (lines === undefined || paths === undefined)) {
    // Or more command-like lines or path words than the bounds.
    addShell(view, [...variants, ...proseCommands(variants)]);
    return;
  }
  for (const text of prose) {
    if (text.includes("://")) { for (const url of text.match(URL_IN_TEXT) ?? []) view.urls.push(url); }
  }
  if (prose.length > 0) view.proseSegments = true;
  for (const path of paths ?? []) addShellPath(view, path);
  // A path word spelled with quotes, escapes, expansions or globs (`~/.s's'h/id_rsa`) is parsed, as a shell would
  // read it.
  const spelled = (paths ?? []).filter((path) => SHELL_SPELLING.test(path));
  addShell(view, [
    ...whole,
    ...proseCommands(whole),
    ...lines ?? [],
    ...proseCommands(prose, true),
    ...spelled,
  ]);
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

export function buildActionView(
  action: Action,
  workspace: string,
  home: string,
  shellHome = workspace,
  checkoutAliases: readonly string[] = [],
): ActionView {
  // Created on first use (many actions have no command or no path).
  let parsedShell: TextMemo<ReturnType<typeof parseShell>> | undefined;
  let normalPaths: TextMemo<NormalPath> | undefined;
  const plain = plainCall(action);
  action = plain.action;
  const tool = typeof action.type === "string" ? action.type : "";
  const known = KNOWN_TOOLS.has(tool);
  const canonical = known ? environmentSet(action) : canonicalAction(action, plain.tool);
  const view = startView(
    { type: canonical.type, tool, calledPayload: action.payload, payload: canonical.payload },
    {
      shellHome,
      workspaceRoot: workspace,
      normal: (path) =>
        (normalPaths ??= new TextMemo((text) =>
          normalizePath(
            checkoutAliases.length === 0 ? text : aliasedPath(text, checkoutAliases, workspace),
            workspace,
            home,
          )
        )).get(path),
      parse: (text) => (parsedShell ??= new TextMemo(parseShell)).get(text),
    },
  );
  const payload = canonical.payload;
  if (view.type === "git_push") addShell(view, [gitPushCommand(payload)]);
  if (view.type === "grep_files" || view.type === "search_files") addShell(view, [searchCommand(payload)]);
  const fields = payloadFields(canonical);
  const ordered = [
    ...fields.filter((field) => field.kind.endsWith("path")),
    ...fields.filter((field) => !field.kind.endsWith("path")),
  ];
  // Round 80: a message whose recipient argument names an agent (`{recipient: "DatabaseAgent"}`) hands work on too.
  const handsOn = (!known && handsToAgent(identifierWords(tool))) || recipientIsAgent(canonical.payload);
  for (const field of ordered) {
    if (field.value.length > MAX_SCAN_CHARS) view.oversized = true;
    if (field.kind === "path" || field.kind === "write_path") {
      const path = view.normal(cleanPrefix(field.value));
      view.paths.push(path);
      if (field.kind === "write_path") view.writePaths.push(path);
      continue;
    }
    if (field.kind === "shell") {
      addCommandLine(view, field.value, field.nested !== true);
      continue;
    }
    const variants = textVariants(field.value);
    const read = PROSE_KINDS.has(field.kind) && !view.writePaths.some((path) =>
        SCRIPT_PATH.test(path.absolute)
      )
      ? readProse(variants[0])
      : undefined;
    const readings = read === undefined ? variants : [...variants, read];
    push(view.texts, field.kind, readings);
    if (field.kind === "url") view.urls.push(...variants);
    if (field.kind === "task") addTaskText(view, readings);
    // Commands a task or an open-world tool hands to another agent are parsed as the commands they are (round 17),
    // read without their markup too (round 30: "run `ufw **disable**`").
    if (field.kind === "outbound" && handsOn) addShell(view, handedCommands(readings), false);
    if (field.kind === "url") addFileUrls(view, variants);
    let judged = field.kind !== "content";
    if (!judged && view.writePaths.some((path) => SCRIPT_PATH.test(path.absolute))) {
      push(view.texts, "shell", variants);
      addShell(view, variants, false);
      judged = true;
    } else if (!judged && addConfigCommands(view, variants)) {
      // Commands a configuration or instruction file will have run later are judged as commands.
      judged = true;
    }
    // A patch of several files (a `package.json` hook and the script it runs, round 39) is also read as the code
    // one of them is.
    if (
      (!judged || field.kind === "content" && view.writePaths.length > 1) &&
      view.writePaths.some((path) => CODE_PATH.test(path.absolute))
    ) {
      // Source files are code to run later: judged as code, and the strings they hand to calls that run
      // command lines are judged as commands (strings they only hold, such as test inputs, are not).
      push(view.texts, "code", variants);
      const backticksRun = view.writePaths.some((path) => BACKTICKS_RUN.test(path.absolute));
      const commands = variants.slice(0, 4).flatMap((text) => sinkStrings(text, backticksRun))
        .filter((text) => COMMAND_START.test(text));
      if (commands.length > 0) addShell(view, commands, false, false);
    }
  }
  // Manifests applied from standard input (round 33): what their containers run is judged as commands.
  const manifests = manifestInputs(tool, payload, view.segments, view.texts.get("code") ?? []);
  const started = manifests.flatMap(manifestCommands);
  if (started.length > 0) {
    push(view.texts, "shell", started);
    addShell(view, started, false);
  }
  addRequests(view, payload);
  return view;
}

/** A command line: parsed in full (here-doc bodies become code, and scripts when a shell runs them), while the
 * whole-line texts the rules read are the line without its here-doc bodies, decoded and respelled. */
function addCommandLine(view: BuildingView, value: string, withPaths = true): void {
  const raw = cleanPrefix(value);
  const withoutBodies = view.parse(raw).withoutBodies;
  const variants = textVariants(withoutBodies ?? value);
  const extra = shellVariants(variants);
  push(view.texts, "shell", [...variants, ...extra]);
  addShell(
    view,
    withoutBodies === undefined ? [...variants, ...extra] : [raw, ...variants.slice(1), ...extra],
    withPaths,
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
