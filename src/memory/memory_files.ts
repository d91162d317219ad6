/** The fixed set of workspace memory files: the only names the memory API may read or serve. */

export const MEMORY_FILES = ["MEMORY.md", "USER.md", "IDENTITY.md", "AGENTS.md", "HEARTBEAT.md"] as const;

export type MemoryFileName = typeof MEMORY_FILES[number];

/** The files `memory_write` may change; identity files are edited by the human only. */
export const WRITABLE_MEMORY_FILES = ["MEMORY.md", "USER.md"] as const;

export type WritableMemoryFile = typeof WRITABLE_MEMORY_FILES[number];

/** Folder of extra Markdown notes, indexed for search (read-only through the memory API). */
export const NOTES_FOLDER = "memory";

/**
 * Exact-name allow-list. No decoding, trimming or case folding: `..%2Fconfig.yaml`, `memory/../x`,
 * `memory.md` and `.engine/engine.db` are all refused.
 */
export function isMemoryFile(type: string): type is MemoryFileName {
  return (MEMORY_FILES as readonly string[]).includes(type);
}

export function isWritableMemoryFile(type: string): type is WritableMemoryFile {
  return (WRITABLE_MEMORY_FILES as readonly string[]).includes(type);
}
