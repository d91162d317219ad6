/** The content search behind grep_files: regex per line, binary and huge files skipped, matches capped. */
import * as path from "node:path";
import { isInside } from "../workspace/workspace_paths.ts";
import { walk } from "./file_walk.ts";

export interface GrepRequest {
  /** Real absolute path of the file or directory to search. */
  root: string;
  realWorkspace: string;
  pattern: string;
  maxMatches: number;
  /** Files larger than this are skipped. */
  maxFileBytes: number;
  /** Only the first this-many characters of a line are matched (bounds regex work per line). */
  maxLineChars: number;
  /** Characters of a matching line shown in the result. */
  shownLineChars: number;
  maxEntries: number;
  /** Paths the search never enters or reads (the engine's state, config and policies). */
  excluded: string[];
}

export interface GrepResult {
  lines: string[];
  /** Display paths of the files whose content appears in `lines`. */
  files: string[];
  truncated: boolean;
  filesScanned: number;
  binarySkipped: number;
  largeSkipped: number;
}

export async function searchContent(request: GrepRequest): Promise<GrepResult> {
  const regex = new RegExp(request.pattern);
  const result: GrepResult = {
    lines: [],
    files: [],
    truncated: false,
    filesScanned: 0,
    binarySkipped: 0,
    largeSkipped: 0,
  };
  const rootInfo = await Deno.stat(request.root);
  const candidates = rootInfo.isFile
    ? single(request.root)
    : files(request.root, request.maxEntries, request.excluded);
  for await (const file of candidates) {
    if (result.truncated) break;
    await searchFile(file, regex, request, result);
  }
  return result;
}

async function* single(file: string): AsyncGenerator<string> {
  yield file;
}

async function* files(root: string, maxEntries: number, excluded: string[]): AsyncGenerator<string> {
  for await (const entry of walk(root, maxEntries, excluded)) {
    if (!entry.isDirectory && !entry.isSymlink) yield entry.absolute;
  }
}

async function searchFile(
  file: string,
  regex: RegExp,
  request: GrepRequest,
  result: GrepResult,
): Promise<void> {
  const info = await Deno.stat(file).catch(() => undefined);
  if (!info?.isFile) return;
  if (info.size > request.maxFileBytes) {
    result.largeSkipped++;
    return;
  }
  const bytes = await Deno.readFile(file).catch(() => undefined);
  if (!bytes) return;
  result.filesScanned++;
  if (bytes.subarray(0, 8000).includes(0)) {
    result.binarySkipped++;
    return;
  }
  const shown = isInside(request.realWorkspace, file) ? path.relative(request.realWorkspace, file) : file;
  const lines = new TextDecoder().decode(bytes).split("\n");
  let matched = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (!regex.test(line.length > request.maxLineChars ? line.slice(0, request.maxLineChars) : line)) {
      continue;
    }
    if (result.lines.length >= request.maxMatches) {
      result.truncated = true;
      break;
    }
    const text = line.length > request.shownLineChars
      ? `${line.slice(0, request.shownLineChars)}[...]`
      : line;
    result.lines.push(`${shown}:${index + 1}: ${text}`);
    matched = true;
  }
  if (matched) result.files.push(shown);
}
