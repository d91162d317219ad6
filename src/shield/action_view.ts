/** One action seen the way Shield judges it: shell commands parsed into segments, paths normalised,
 * every text cleaned and decoded. Built once per evaluation and shared by Tiers 0 and 1. */

import type { Action } from "./types.ts";
import { type PayloadKind, payloadFields } from "./payload_fields.ts";
import { parseShell, type Segment } from "./shell_parser.ts";
import { MAX_SCAN_CHARS, textVariants } from "./normalize.ts";
import { looksLikePath, type NormalPath, normalizePath } from "./paths.ts";

export interface ActionView {
  type: string;
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

const SCRIPT_PATH = /\.(?:sh|bash|zsh|ksh|command|ps1|py|pl|rb)$|(?:^|\/)(?:\.?(?:bash|zsh|ksh)?rc|\.?profile|\.bash_profile|\.zprofile|\.zshenv|\.bash_login|crontab|[^/]*\.service|[^/]*\.timer)$|\/(?:cron\.[a-z]+|init\.d|rc\.local|hooks)\//i;
const URL_IN_TEXT = /\b(?:https?|ftp|wss?):\/\/[^\s'"<>|;`)]+/gi;
const MAX_PATH_ARGS = 32;

function push<T>(map: Map<PayloadKind, T[]>, kind: PayloadKind, values: T[]): void {
  const list = map.get(kind);
  if (list) list.push(...values);
  else map.set(kind, [...values]);
}

function gitPushCommand(payload: Record<string, unknown>): string {
  const words = ["git", "push"];
  if (payload.force === true) words.push("--force");
  for (const key of ["remote", "branch"]) if (typeof payload[key] === "string") words.push(String(payload[key]));
  return words.join(" ");
}

function addShell(view: BuildingView, variants: string[]): void {
  for (const variant of variants) {
    const parsed = parseShell(variant);
    if (parsed.truncated) view.truncatedShell = true;
    view.segments.push(...parsed.segments);
    if (parsed.code.length > 0) push(view.texts, "code", parsed.code.flatMap(textVariants));
    for (const target of parsed.writeTargets) view.writePaths.push(view.normal(target));
    for (const segment of parsed.segments) {
      const args = segment.argv.filter(looksLikePath).slice(0, MAX_PATH_ARGS);
      for (const arg of args) view.paths.push(view.normal(arg.replace(/^[a-z]+=/i, "")));
    }
    for (const url of variant.match(URL_IN_TEXT) ?? []) view.urls.push(url);
  }
}

interface BuildingView extends ActionView {
  normal(path: string): NormalPath;
}

export function buildActionView(action: Action, workspace: string, home: string): ActionView {
  const view: BuildingView = {
    type: typeof action.type === "string" ? action.type : "",
    texts: new Map(),
    segments: [],
    paths: [],
    writePaths: [],
    urls: [],
    requests: [],
    oversized: false,
    truncatedShell: false,
    normal: (path) => normalizePath(path, workspace, home),
  };
  const payload = action.payload && typeof action.payload === "object" ? action.payload : {};
  if (view.type === "git_push") addShell(view, [gitPushCommand(payload)]);
  const fields = payloadFields(action);
  const ordered = [...fields.filter((field) => field.kind.endsWith("path")), ...fields.filter((field) => !field.kind.endsWith("path"))];
  for (const field of ordered) {
    if (field.value.length > MAX_SCAN_CHARS) view.oversized = true;
    if (field.kind === "path" || field.kind === "write_path") {
      const path = view.normal(textVariants(field.value)[0]);
      view.paths.push(path);
      if (field.kind === "write_path") view.writePaths.push(path);
      continue;
    }
    const variants = textVariants(field.value);
    push(view.texts, field.kind, variants);
    if (field.kind === "url") view.urls.push(...variants);
    if (field.kind === "shell" || field.kind === "task") addShell(view, variants);
    if (field.kind === "content" && view.writePaths.some((path) => SCRIPT_PATH.test(path.absolute))) {
      addShell(view, variants);
    }
  }
  addRequests(view, payload);
  return view;
}

function addRequests(view: BuildingView, payload: Record<string, unknown>): void {
  if (view.type !== "http_request" && view.type !== "browser_navigate") return;
  const method = typeof payload.method === "string" ? payload.method.toUpperCase() : "GET";
  const body = (view.texts.get("outbound") ?? []).join("\n");
  for (const url of view.urls) view.requests.push(`${method} ${url}\n${body}`);
}
