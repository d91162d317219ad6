/** Finds the files the memory index covers: the memory files plus Markdown notes under `memory/`. */
import { MEMORY_FILES, NOTES_FOLDER } from "./memory_files.ts";

export interface SourceFile {
  /** Workspace-relative, "/"-separated. */
  path: string;
  absolute: string;
  mtimeMs: number;
  size: number;
}

/** Bounds on the notes folder so a stray huge tree cannot stall every search. */
const MAX_NOTES_DEPTH = 6;
const MAX_NOTES_FILES = 2000;
const NOTE_EXTENSION = /\.(md|markdown)$/i;

/**
 * Regular files only: a symlink named MEMORY.md could point at config.yaml or outside the workspace, so
 * symlinks are never followed. `onSkip` reports what was left out and why.
 */
export async function listSourceFiles(
  workspace: string,
  onSkip: (path: string, reason: string) => void,
): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const name of MEMORY_FILES) {
    const file = await statRegularFile(workspace, name, onSkip);
    if (file) files.push(file);
  }
  await walkNotes(workspace, NOTES_FOLDER, 0, files, onSkip);
  return files;
}

export async function statRegularFile(
  workspace: string,
  path: string,
  onSkip: (path: string, reason: string) => void,
): Promise<SourceFile | null> {
  const absolute = `${workspace}/${path}`;
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(absolute);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) onSkip(path, String(error));
    return null;
  }
  if (!info.isFile) {
    onSkip(path, info.isSymlink ? "symbolic links are not followed" : "not a regular file");
    return null;
  }
  return { path, absolute, mtimeMs: info.mtime?.getTime() ?? 0, size: info.size };
}

async function walkNotes(
  workspace: string,
  folder: string,
  depth: number,
  files: SourceFile[],
  onSkip: (path: string, reason: string) => void,
): Promise<void> {
  if (depth > MAX_NOTES_DEPTH) return;
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(`${workspace}/${folder}`));
  } catch {
    return;
  }
  entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.isSymlink) continue;
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory) await walkNotes(workspace, path, depth + 1, files, onSkip);
    else if (entry.isFile && NOTE_EXTENSION.test(entry.name)) {
      if (files.length >= MEMORY_FILES.length + MAX_NOTES_FILES) {
        onSkip(path, `more than ${MAX_NOTES_FILES} notes`);
        return;
      }
      const file = await statRegularFile(workspace, path, onSkip);
      if (file) files.push(file);
    }
  }
}
