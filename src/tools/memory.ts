/** Memory tools: memory_write (a section of MEMORY.md or USER.md) and memory_search (full-text). */
import { z } from "zod";
import { AppError, ToolError } from "../lib/errors.ts";
import { WRITABLE_MEMORY_FILES } from "../memory/memory_files.ts";
import type { MemoryService } from "../memory/types.ts";
import { MAX_SECTION_CHARS, MAX_WRITE_CONTENT_BYTES } from "../memory/write_request.ts";
import type { AnyTool, ToolDefinition, ToolResult } from "./types.ts";

const memoryWriteArgs = z.object({
  file: z.enum(WRITABLE_MEMORY_FILES).optional()
    .describe('"MEMORY.md" (default) for notes and facts, "USER.md" for the user\'s preferences'),
  section: z.string().min(1).max(MAX_SECTION_CHARS)
    .describe('Section heading to write under, e.g. "Projects" or "Projects > Parapet"; created if missing'),
  content: z.string().max(MAX_WRITE_CONTENT_BYTES).describe("Markdown text to add or to put in the section"),
  mode: z.enum(["append", "replace"]).optional()
    .describe('"append" (default) adds to the section; "replace" replaces its text (subsections are kept)'),
});

const memorySearchArgs = z.object({
  query: z.string().min(1).max(1000).describe("Words to look for in memory files and notes"),
});

/** Search output stays small: it goes back into the model's context. */
const MAX_SEARCH_OUTPUT_CHARS = 8000;

export function createMemoryTools(memory: MemoryService): AnyTool[] {
  return [memoryWriteTool(memory), memorySearchTool(memory)];
}

function memoryWriteTool(memory: MemoryService): ToolDefinition<z.infer<typeof memoryWriteArgs>> {
  return {
    name: "memory_write",
    group: "memory",
    description: "Save lasting notes to long-term memory (MEMORY.md) or user preferences (USER.md), " +
      "under a Markdown section. Use for facts, decisions and preferences worth remembering across sessions.",
    parameters: memoryWriteArgs,
    writes: true,
    affectedPaths: (args) => [args.file ?? "MEMORY.md"],
    async execute(args) {
      const result = await asToolError(() => memory.write(args));
      const verb = (args.mode ?? "append") === "replace" ? "Replaced" : "Appended to";
      const created = result.created ? " (new section)" : "";
      return { output: `${verb} "${result.section}" in ${result.path}${created}`, isError: false };
    },
  };
}

function memorySearchTool(memory: MemoryService): ToolDefinition<z.infer<typeof memorySearchArgs>> {
  return {
    name: "memory_search",
    group: "memory",
    description:
      "Full-text search of memory files (MEMORY.md, USER.md, IDENTITY.md, AGENTS.md, HEARTBEAT.md) " +
      "and notes under memory/. Returns up to 10 sections; matched words are marked **like this**.",
    parameters: memorySearchArgs,
    writes: false,
    async execute(args): Promise<ToolResult> {
      const results = await asToolError(() => memory.search(args.query));
      if (results.length === 0) return { output: `No memory matches "${args.query}"`, isError: false };
      const lines = results.map((hit, index) =>
        `${index + 1}. ${hit.path}${hit.section ? ` > ${hit.section}` : ""}\n   ${
          hit.snippet.replace(/\s+/g, " ")
        }`
      );
      let output = lines.join("\n");
      if (output.length > MAX_SEARCH_OUTPUT_CHARS) {
        output = `${output.slice(0, MAX_SEARCH_OUTPUT_CHARS)}\n[truncated]`;
      }
      return { output, isError: false, reads: { paths: [...new Set(results.map((hit) => hit.path))] } };
    },
  };
}

/** Expected failures (bad section, too much content) go back to the model as tool errors. */
async function asToolError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw new ToolError(error.message);
    throw error;
  }
}
