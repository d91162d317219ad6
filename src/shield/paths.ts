/** Path normalisation for matching: `~` and `$HOME` expansion, relative paths resolved against the
 * workspace, `.`/`..` collapsed, plus the workspace-relative form of paths inside the workspace. */

export interface NormalPath {
  absolute: string;
  /** Form relative to the workspace, when the path lies inside it (undefined, never absent: one shape). */
  relative: string | undefined;
}

const UNCOLLAPSED = /\/(?:\.{1,2})?(?:\/|$)/;
/** UNCOLLAPSED's answer; a match holds `//` or `/.`, or ends the path with `/`: most paths need no regex call. */
const uncollapsed = (path: string) =>
  (path.includes("//") || path.includes("/.") || path.endsWith("/")) && UNCOLLAPSED.test(path);

/** Collapses `.`, `..` and repeated slashes of an absolute POSIX path. */
export function collapse(path: string): string {
  // Already collapsed: absolute, no empty, `.` or `..` part, no trailing slash.
  if (path.startsWith("/") && (path === "/" || !uncollapsed(path))) return path;
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      // `/proc/PID/cwd/..` is the parent of that process's folder, not `/proc/PID`; `/proc/PID/root/..` is its root.
      const link = parts.length >= 3 && parts[0] === "proc" ? parts[2] : "";
      if (link === "cwd" && parts.every((kept, index) => index < 3 || kept === "..")) parts.push(part);
      else if (link !== "root" || parts.length > 3) parts.pop();
    } else parts.push(part);
  }
  return "/" + parts.join("/");
}

export function expandHome(path: string, home: string): string {
  if (path === "~" || path.startsWith("~/")) return home + path.slice(1);
  const variable = /^\$(?:HOME|\{HOME\})(?=\/|$)/.exec(path);
  if (variable) return home + path.slice(variable[0].length);
  const user = /^~([a-z_][a-z0-9_-]*)(?=\/|$)/i.exec(path);
  if (user) return (user[1] === "root" ? "/root" : `/home/${user[1]}`) + path.slice(user[0].length);
  return path;
}

/** Windows spellings: `C:\Users\NAME\...` is a home like `/Users/NAME`, `%USERPROFILE%` and `$env:USERPROFILE`
 * are `~`, other drive roots are `/`. */
function fromWindows(path: string): string {
  return path.replace(/^(?:%USERPROFILE%|%HOMEPATH%|\$env:(?:USERPROFILE|HOME)|\$HOME)(?=\/|$)/i, "~")
    .replace(/^(?:%(?:APPDATA|LOCALAPPDATA)%|\$env:(?:APPDATA|LOCALAPPDATA))(?=\/|$)/i, "~/AppData")
    .replace(/^[A-Za-z]:(?=\/)/, "");
}

let lastWorkspace = "";
let lastRoot = "";

/** The collapsed workspace, remembered for the last workspace asked about (one per Shield in practice). */
function rootOf(workspace: string): string {
  if (workspace !== lastWorkspace) [lastWorkspace, lastRoot] = [workspace, collapse(workspace)];
  return lastRoot;
}

/** An absolute path under a checkout alias (round 43), read as the same path under the workspace: `/workspace/src/a.py`
 * is `<workspace>/src/a.py` when `/workspace` is an alias; `*` stands for a folder name or part of one
 * (`/workspaces/*`, `/*__*`). Collapsed first, so `/workspace/../etc/passwd` stays `/etc/passwd`. Only the standalone evaluator
 * sets aliases (`ShieldEnvironment.checkoutAliases`); the engine's workspace is real and has none. */
export function aliasedPath(value: string, aliases: readonly string[], workspace: string): string {
  const text = value.trim();
  if (!text.startsWith("/")) return value;
  const path = collapse(text);
  const root = aliasRoots(aliases).exec(path);
  if (root) return workspace + path.slice(root[0].length);
  if (!aliases.includes(HOME_CHECKOUTS) || !path.startsWith("/home/") && !path.startsWith("/Users/")) {
    return value;
  }
  if (path.startsWith(`${collapse(workspace)}/`)) return value;
  const project = HOME_PROJECT.exec(path);
  return project ? workspace + path.slice(project[0].length) : value;
}

/** The checkout alias entry that stands for projects kept under a user's home (round 67), not a path. */
export const HOME_CHECKOUTS = "/~home-projects";

/** A project checkout under a user's home (round 67), as recorded sessions of other machines write it:
 * `/home/dev/app/src/Button.tsx`, `/Users/nik/Documents/Code/repos/skills/.gitignore`. The checkout is the nearest
 * folder under the home (one to four levels, none of them a dot-folder, the OS's own `Library`, `AppData`, `snap`, or a toolchain's
 * `go` (`~/go/pkg/mod` is the module cache), `sdk`, conda or `perl5` tree)
 * whose next part is a source-tree folder (`src/`, `lib/`, `tests/`, `components/` ...; round 75: `docs/`, where the
 * project's own write-ups, runbooks and translations go) or a project manifest
 * (`package.json`, `Cargo.toml`, `go.mod`, `.gitignore` ...): where a language server or an editor would put the
 * project's root. Anything else under the home (`~/.ssh`, `~/Library/LaunchAgents`, `~/Documents/taxes.pdf`,
 * `~/app/config/production.yaml`) stays outside the workspace. Only for the standalone evaluator (an alias). */
const HOME_PROJECT =
  /^\/(?:home|Users)\/[^/.][^/]*(?:\/(?!(?:Library|AppData|snap|Applications|go|sdk|anaconda3|miniconda3|miniforge3|perl5)\/)[^/.][^/]*){1,4}?(?=\/(?:(?:src|lib|app|components|pages|tests?|spec|__tests__|pkg|cmd|internal|packages|apps|crates|docs)\/[^/]|(?:package\.json|tsconfig\.json|deno\.jsonc?|pyproject\.toml|setup\.py|setup\.cfg|Cargo\.toml|go\.mod|Gemfile|pom\.xml|build\.gradle(?:\.kts)?|composer\.json|\.gitignore|README(?:\.md)?|CHANGELOG\.md)$))/;

const compiledAliases = new WeakMap<readonly string[], RegExp>();

/** The aliases as one anchored pattern: `*` stands for one folder name or part of one (`/*__*`: SWE-agent's
 * `/owner__repo`), the rest literally. */
function aliasRoots(aliases: readonly string[]): RegExp {
  let pattern = compiledAliases.get(aliases);
  if (!pattern) {
    const roots = aliases.filter((alias) => alias !== HOME_CHECKOUTS).map((alias) =>
      alias.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")
    );
    // No literal root (only `HOME_CHECKOUTS`): a pattern that never matches, not an empty one that matches all.
    pattern = roots.length === 0 ? /(?!)/ : new RegExp(`^(?:${roots.join("|")})(?=/|$)`);
    compiledAliases.set(aliases, pattern);
  }
  return pattern;
}

export function normalizePath(value: string, workspace: string, home: string): NormalPath {
  let slashed = value.trim();
  // Each rewrite only when its first character is there (most paths need none).
  const first = slashed.charCodeAt(0);
  if (first === 0x66 || first === 0x46) slashed = slashed.replace(/^file:\/\//i, "");
  if (slashed.includes("\\")) slashed = slashed.replace(/\\/g, "/");
  let trimmed = slashed;
  const start = slashed.charCodeAt(0);
  if (start === 0x25 || start === 0x24 || slashed.charCodeAt(1) === 0x3a) {
    trimmed = (/^(?:[A-Za-z]:\/|[%$])/.test(slashed) ? fromWindows(slashed) : slashed)
      .replace(/^\$(?:PWD|\{PWD\})(?=\/|$)/, workspace);
  }
  // `~+` is the working folder (bash "Tilde Expansion"), `$PWD` too.
  if (trimmed.charCodeAt(0) === 0x7e && trimmed[1] === "+") {
    trimmed = trimmed.replace(/^~\+(?=\/|$)/, workspace);
  }
  const lead = trimmed.charCodeAt(0);
  const expanded = lead === 0x7e || lead === 0x24 ? expandHome(trimmed, home) : trimmed;
  const absolute = collapse(expanded.startsWith("/") ? expanded : `${workspace}/${expanded}`);
  const root = rootOf(workspace);
  if (absolute === root) return { absolute, relative: "." };
  if (absolute.startsWith(root + "/")) return { absolute, relative: absolute.slice(root.length + 1) };
  return { absolute, relative: undefined };
}

/** Whether a word in a shell command reads like a file path worth matching against path rules. */
export function looksLikePath(word: string): boolean {
  if (word.length === 0 || word.length > 4096 || word.startsWith("-")) return false;
  const first = word[0];
  if (first === "~" || first === "/" || first === "." || first === "$") return true;
  if (word.includes("://") && /^[a-z][a-z0-9+.-]*:\/\//i.test(word)) return false;
  if (word.includes("/") || (word.includes(".") && /^[\w.-]+\.[A-Za-z0-9]{1,10}$/.test(word))) return true;
  // Dotfiles by name: each ends in `rc`, `env` or `pgpass` (a test before the regex, which every word reaches).
  return (word.endsWith("rc") || word.endsWith("env") || word.endsWith("pgpass")) &&
    /^\.?[\w-]+rc$|^\.?(?:netrc|env|pgpass|npmrc|pypirc)$/.test(word);
}
