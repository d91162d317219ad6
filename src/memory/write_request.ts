/** Validates a memory write (from the tool or any other caller) before anything touches the file. */
import { ValidationError } from "../lib/errors.ts";
import { isWritableMemoryFile, WRITABLE_MEMORY_FILES, type WritableMemoryFile } from "./memory_files.ts";
import { normalizeSectionName, type WriteMode } from "./section_edit.ts";
import type { MemoryWriteRequest } from "./types.ts";

/** One write is a note, not a document dump. */
export const MAX_WRITE_CONTENT_BYTES = 20 * 1024;
export const MAX_SECTION_CHARS = 200;
/** Tool writes stop growing a memory file past this; the human may still edit it by hand. */
export const MAX_MEMORY_FILE_BYTES = 8 * 1024 * 1024;

export interface ValidWriteRequest {
  file: WritableMemoryFile;
  section: string;
  content: string;
  mode: WriteMode;
}

const encoder = new TextEncoder();

export function validateWriteRequest(request: MemoryWriteRequest): ValidWriteRequest {
  const file = request.file ?? "MEMORY.md";
  if (typeof file !== "string" || !isWritableMemoryFile(file)) {
    const allowed = WRITABLE_MEMORY_FILES.map((name) => `"${name}"`).join(" or ");
    throw new ValidationError(`Cannot write "${String(file)}": memory writes may change only ${allowed}`);
  }
  const mode = request.mode ?? "append";
  if (mode !== "append" && mode !== "replace") {
    throw new ValidationError(`Invalid mode "${String(mode)}": expected "append" or "replace"`);
  }
  if (typeof request.section !== "string" || /[\r\n]/.test(request.section)) {
    throw new ValidationError("Invalid section: expected a single-line heading");
  }
  const section = normalizeSectionName(request.section);
  if (section === "") throw new ValidationError("Section must not be empty");
  if (section.length > MAX_SECTION_CHARS) {
    throw new ValidationError(
      `Section is too long: ${section.length} characters, at most ${MAX_SECTION_CHARS}`,
    );
  }
  if (typeof request.content !== "string") throw new ValidationError("Invalid content: expected a string");
  const bytes = encoder.encode(request.content).length;
  if (bytes > MAX_WRITE_CONTENT_BYTES) {
    throw new ValidationError(`Content is too large: ${bytes} bytes, at most ${MAX_WRITE_CONTENT_BYTES}`);
  }
  if (mode === "append" && request.content.trim() === "") {
    throw new ValidationError("Content must not be empty when appending");
  }
  return { file, section, content: request.content, mode };
}

export function checkFileSize(file: string, text: string): void {
  const bytes = encoder.encode(text).length;
  if (bytes > MAX_MEMORY_FILE_BYTES) {
    throw new ValidationError(
      `Cannot write "${file}": it would grow to ${bytes} bytes, at most ${MAX_MEMORY_FILE_BYTES}`,
    );
  }
}
