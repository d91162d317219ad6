/** What earlier actions of a session set up, so an action harmless alone is judged with them: a git remote added
 * toward an outside host then pushed to, a script written then run (its content is judged as the command it
 * becomes), a file downloaded then run. Bounded per session and in sessions; nothing but paths, hosts and script
 * text is kept, and a session's generation changes whenever its history does (verdict cache keys carry it). */

import type { ActionView } from "./action_view.ts";
import type { ShieldEnvironment } from "./environment.ts";
import { basename, type Segment } from "./shell_parser.ts";
import { readHost } from "./effects/hosts.ts";
import { normalizePath } from "./paths.ts";

/** Bounds: at most 128 sessions × 16 files × 16 KiB of written text (32 MiB) in the worst case. */
const MAX_SESSIONS = 128;
const MAX_ENTRIES = 16;
const MAX_SCRIPT_CHARS = 16 * 1024;

interface Downloaded {
  url: string;
}

interface SessionState {
  generation: number;
  /** Remote name -> host, for remotes pointed outside the allowed hosts. */
  remotes: Map<string, string>;
  /** Absolute path -> the text written there. */
  scripts: Map<string, string>;
  /** Absolute path -> where it was downloaded from. */
  downloads: Map<string, Downloaded>;
}

/** What the history says about an action, for Tier 1 to weigh. */
export interface HistoryFinding {
  level: "block" | "escalate";
  detail: string;
}

const RUNNERS =
  /^(?:(?:ba|z|da|k|a)?sh|source|\.|python[0-9.]*|pypy[0-9]*|perl|ruby|node|deno|bun|php|pwsh|powershell)$/;

function bounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}

export class SessionHistory {
  private readonly sessions = new Map<string, SessionState>();

  /** Changes whenever the session's history does (0 for a session with none). */
  generation(sessionId: string): number {
    return this.sessions.get(sessionId)?.generation ?? 0;
  }

  private state(sessionId: string): SessionState {
    let state = this.sessions.get(sessionId);
    if (!state) {
      state = { generation: 0, remotes: new Map(), scripts: new Map(), downloads: new Map() };
      if (this.sessions.size >= MAX_SESSIONS) {
        this.sessions.delete(this.sessions.keys().next().value as string);
      }
    } else this.sessions.delete(sessionId);
    this.sessions.set(sessionId, state);
    return state;
  }

  /** Scripts this action runs that the session wrote earlier: their text, to judge as the command it becomes. */
  scriptsRun(sessionId: string, view: ActionView, environment: ShieldEnvironment): string[] {
    const state = this.sessions.get(sessionId);
    if (!state || state.scripts.size === 0) return [];
    const texts: string[] = [];
    for (const path of runTargets(view.segments, environment)) {
      const text = state.scripts.get(path);
      if (text !== undefined) texts.push(text);
    }
    return texts;
  }

  /** Findings from earlier actions: pushes to a remote added toward an outside host, downloads run now. */
  judge(sessionId: string, view: ActionView, environment: ShieldEnvironment): HistoryFinding[] {
    const state = this.sessions.get(sessionId);
    if (!state) return [];
    const found: HistoryFinding[] = [];
    for (const segment of view.segments) {
      const remote = pushRemote(segment);
      const host = remote === undefined ? undefined : state.remotes.get(remote);
      if (host) {
        found.push({ level: "escalate", detail: `pushes to "${remote}", added earlier toward "${host}"` });
      }
    }
    for (const path of runTargets(view.segments, environment)) {
      const download = state.downloads.get(path);
      if (!download) continue;
      const reading = readHost(download.url, environment);
      const ordinary = reading && (reading.allowed || reading.scheme === "https" && !reading.bareIp &&
          !reading.lookalike && !reading.suspicious);
      found.push({
        level: ordinary ? "escalate" : "block",
        detail: `runs "${path}", downloaded earlier from "${reading?.host ?? download.url}"`,
      });
    }
    return found;
  }

  /** Remembers what this action sets up for later ones. */
  record(sessionId: string, view: ActionView, environment: ShieldEnvironment): void {
    let changed = false;
    const state = () => this.state(sessionId);
    for (const segment of view.segments) {
      const remote = addedRemote(segment, environment);
      if (remote) {
        bounded(state().remotes, remote.name, remote.host);
        changed = true;
      }
      const download = downloadOf(segment, environment);
      if (download) {
        bounded(state().downloads, download.path, { url: download.url });
        changed = true;
      }
    }
    // Any file may be run later (`bash notes.txt`): what was written is kept to judge it then.
    const content = view.payload.content;
    if (typeof content === "string" && content.length <= MAX_SCRIPT_CHARS && /\S/.test(content)) {
      for (const path of view.writePaths.slice(0, 4)) {
        bounded(state().scripts, path.absolute, content);
        changed = true;
      }
    }
    if (changed) state().generation++;
  }
}

/** The remote a `git push` goes to (`git push evil main`, `git push evil`), if named. */
function pushRemote(segment: Segment): string | undefined {
  const argv = segment.argv;
  if (basename(argv[0] ?? "") !== "git") return undefined;
  const at = argv.indexOf("push");
  if (at < 0) return undefined;
  return argv.slice(at + 1).find((arg) => !arg.startsWith("-"));
}

function addedRemote(
  segment: Segment,
  environment: ShieldEnvironment,
): { name: string; host: string } | undefined {
  const argv = segment.argv;
  if (basename(argv[0] ?? "") !== "git") return undefined;
  const at = argv.indexOf("remote");
  if (at < 0 || !/^(?:add|set-url)$/.test(argv[at + 1] ?? "")) return undefined;
  const [name, url] = argv.slice(at + 2).filter((arg) => !arg.startsWith("-"));
  if (!name || !url) return undefined;
  const host = readHost(url.replace(/^git@([^:]+):/, "ssh://$1/"), environment);
  return host && !host.allowed && !host.loopback ? { name, host: host.host } : undefined;
}

function downloadOf(
  segment: Segment,
  environment: ShieldEnvironment,
): { path: string; url: string } | undefined {
  const argv = segment.argv;
  const program = basename(argv[0] ?? "");
  if (!/^(?:curl|wget|aria2c)$/.test(program)) return undefined;
  const url = argv.find((arg) => /^(?:https?|ftp):\/\//i.test(arg));
  if (!url) return undefined;
  for (let i = 1; i < argv.length; i++) {
    const [name, glued] = argv[i].split(/=(.*)/s);
    if (/^(?:-o|-O|--output|--output-document)$/.test(name) || /^-[a-zA-Z]*[oO]$/.test(name)) {
      const file = glued ?? argv[i + 1];
      if (file && file !== "-") return { path: pathOf(file, environment), url };
    }
  }
  const name = url.replace(/[?#].*$/, "").replace(/\/+$/, "").split("/").pop() ?? "";
  return program === "wget" && name !== "" ? { path: pathOf(name, environment), url } : undefined;
}

function pathOf(word: string, environment: ShieldEnvironment): string {
  return normalizePath(word, environment.workspace, environment.shellHome).absolute;
}

/** Files the commands run: as the program (`./x.sh`), or as a runner's script (`bash x.sh`, `python3 x.py`). */
function runTargets(segments: readonly Segment[], environment: ShieldEnvironment): string[] {
  const targets: string[] = [];
  for (const segment of segments) {
    const argv = segment.argv;
    const first = argv[0] ?? "";
    if (/^[./~]/.test(first) && !RUNNERS.test(first)) targets.push(pathOf(first, environment));
    if (RUNNERS.test(basename(first))) {
      const script = argv.slice(1).find((arg) => !arg.startsWith("-"));
      if (script) targets.push(pathOf(script, environment));
    }
    if (basename(first) === "chmod") {
      for (const arg of argv.slice(1).filter((word) => !/^[-+0-7]|^[ugoa]*[+=-]/.test(word))) {
        targets.push(pathOf(arg, environment));
      }
    }
  }
  return targets;
}
