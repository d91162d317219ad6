/** The audit key (security.audit_key_file): read it, or create it (mode 0600) the first time it is missing. */
import { basename, dirname, relative, resolve } from "node:path";
import { ConfigError } from "../lib/errors.ts";

export interface AuditKey {
  key: Uint8Array;
  path: string;
  /** The file did not exist and was created now: an unsigned anchor is signed rather than reported. */
  created: boolean;
  /** Set when the file can be read by other users. */
  warning?: string;
}

const MIN_KEY_CHARACTERS = 32;

/**
 * Loads the key from `path` (absolute, outside `workspace` once symlinks are resolved). The key is the
 * file's text without surrounding whitespace, at least 32 characters (Parapet writes 64 hex digits).
 */
export async function loadAuditKey(path: string, workspace: string): Promise<AuditKey> {
  await refuseInsideWorkspace(path, workspace);
  let created = false;
  if (!(await exists(path))) {
    await Deno.mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const text = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("") + "\n";
    try {
      await Deno.writeTextFile(path, text, { createNew: true, mode: 0o600 });
      created = true;
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw keyError(path, error);
    }
  }
  const key = await readAuditKey(path);
  const mode = (await Deno.stat(path)).mode ?? 0;
  const warning = (mode & 0o077) !== 0
    ? `Audit key "${path}" can be read by other users (mode ${(mode & 0o777).toString(8)}): chmod 600 it`
    : undefined;
  return { key, path, created, warning };
}

/** Reads the key alone (for `audit verify`, which never creates one). */
export async function readAuditKey(path: string): Promise<Uint8Array> {
  let text: string;
  try {
    text = (await Deno.readTextFile(path)).trim();
  } catch (error) {
    throw keyError(path, error);
  }
  if (text.length < MIN_KEY_CHARACTERS) {
    throw new ConfigError(`Invalid audit key "${path}"`, [
      `security.audit_key_file: the key must have at least ${MIN_KEY_CHARACTERS} characters ` +
      `(it has ${text.length}); delete the file and Parapet creates one`,
    ]);
  }
  return new TextEncoder().encode(text);
}

async function refuseInsideWorkspace(path: string, workspace: string): Promise<void> {
  const realWorkspace = await realPath(workspace);
  // The key itself may be a symlink: judge where it really lives.
  const realKey = await realPath(path);
  const inside = relative(realWorkspace, realKey);
  if (!inside.startsWith("..") && !inside.startsWith("/")) {
    throw new ConfigError(`Refusing audit key "${path}": it must be outside the workspace`, [
      "security.audit_key_file must be outside the workspace, where the agent cannot read or replace it",
    ]);
  }
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest. */
async function realPath(path: string): Promise<string> {
  try {
    return await Deno.realPath(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound) || dirname(path) === path) throw error;
    return resolve(await realPath(dirname(path)), basename(path));
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw keyError(path, error);
  }
}

function keyError(path: string, error: unknown): ConfigError {
  const detail = error instanceof Deno.errors.NotFound ? "file does not exist" : (error as Error).message;
  return new ConfigError(`Cannot read audit key "${path}"`, [`security.audit_key_file: ${detail}`]);
}
