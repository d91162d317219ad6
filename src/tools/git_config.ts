/** The workspace repository's config as git tools may use it: read without includes, reduced to keys that
 * only describe data (never a command, proxy, helper, hook or URL rewrite), and written out as a fresh file. */
import * as path from "node:path";
import { ToolError } from "../lib/errors.ts";

export interface ConfigEntry {
  /** As git prints it: section and variable lower-cased, a subsection as written. */
  key: string;
  value: string;
}

/** Keys that hold data only. Everything else in the repository's config is dropped or, unsandboxed, refused. */
const SAFE_KEYS = new Set([
  "core.repositoryformatversion",
  "core.filemode",
  "core.bare",
  "core.symlinks",
  "core.ignorecase",
  "core.precomposeunicode",
  "core.logallrefupdates",
  "core.autocrlf",
  "core.eol",
  "core.safecrlf",
  "core.quotepath",
  "extensions.objectformat",
  "user.name",
  "user.email",
  "i18n.commitencoding",
]);
const SAFE_PATTERNS = [/^branch\..+\.(remote|merge)$/, /^remote\..+\.(url|pushurl|fetch)$/];
const SAFE_REFSPEC = /^\+?refs\/[A-Za-z0-9._\/*-]+:refs\/[A-Za-z0-9._\/*-]+$/;

/** Refuses a workspace whose repository could send git elsewhere: `.git` must be a real directory with a
 * regular config file, no `commondir` (another repository's config) and no object alternates. */
export async function checkRepository(workspace: string, action: string): Promise<string> {
  const gitDir = path.join(workspace, ".git");
  const fail = (why: string): never => {
    throw new ToolError(`Cannot run git ${action}: ${why}`);
  };
  const dir = await Deno.lstat(gitDir).catch(() => undefined);
  if (!dir) fail("the workspace is not a git repository (no .git directory)");
  if (!dir!.isDirectory) fail(`"${gitDir}" is not a plain directory`);
  const config = await Deno.lstat(path.join(gitDir, "config")).catch(() => undefined);
  if (!config?.isFile) fail(`"${gitDir}/config" is not a regular file`);
  for (const redirect of ["commondir", "objects/info/alternates"]) {
    if (await Deno.lstat(path.join(gitDir, redirect)).then(() => true, () => false)) {
      fail(`"${gitDir}/${redirect}" points git at another repository`);
    }
  }
  return path.join(gitDir, "config");
}

/** Parses `git config --list -z` output (key, newline, value, NUL; a bare boolean has no newline). */
export function parseConfigList(text: string): ConfigEntry[] {
  return text.split("\0").filter(Boolean).map((record) => {
    const newline = record.indexOf("\n");
    return newline < 0
      ? { key: record, value: "true" }
      : { key: record.slice(0, newline), value: record.slice(newline + 1) };
  });
}

/** Keys git would obey beyond data: hooks, helpers, proxies, rewrites, includes, filters, commands. */
export function unsafeKeys(entries: ConfigEntry[]): string[] {
  const unsafe = entries.filter((entry) => !isSafe(entry)).map((entry) => entry.key);
  return [...new Set(unsafe)];
}

/** A config file with only the safe keys and no remote URL, but the push remote's, set to the judged URL. */
export function sanitisedConfig(entries: ConfigEntry[], push?: { remote: string; url: string }): string {
  const sections = new Map<string, string[]>();
  const add = (section: string, variable: string, value: string) => {
    const lines = sections.get(section) ?? [];
    lines.push(`\t${variable} = ${quote(value)}`);
    sections.set(section, lines);
  };
  const pushSection = push ? `remote.${push.remote}.` : undefined;
  for (const entry of entries) {
    // No URL survives but the one judged for this push: the others are never needed locally.
    if (!isSafe(entry) || /^remote\..+\.(push)?url$/.test(entry.key)) continue;
    if (pushSection && entry.key.startsWith(pushSection)) continue;
    const { section, variable } = splitKey(entry.key);
    add(section, variable, entry.value);
  }
  if (push) {
    const section = `remote ${quote(push.remote)}`;
    add(section, "url", push.url);
    add(section, "fetch", `+refs/heads/*:refs/remotes/${push.remote}/*`);
  }
  return [...sections].map(([section, lines]) => `[${section}]\n${lines.join("\n")}\n`).join("");
}

function isSafe(entry: ConfigEntry): boolean {
  if (SAFE_KEYS.has(entry.key)) return true;
  if (!SAFE_PATTERNS.some((pattern) => pattern.test(entry.key))) return false;
  return !entry.key.endsWith(".fetch") || SAFE_REFSPEC.test(entry.value);
}

/** "branch.main.merge" -> section `branch "main"`, variable "merge"; "user.name" -> section "user". */
function splitKey(key: string): { section: string; variable: string } {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  const name = key.slice(0, first);
  const variable = key.slice(last + 1);
  if (first === last) return { section: name, variable };
  return { section: `${name} ${quote(key.slice(first + 1, last))}`, variable };
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}
