/** Reads the engine log (rotated generations included) newest last, filtered and paged from the end. */
import type { LogQuery } from "./services.ts";

export interface LogPage {
  entries: Record<string, unknown>[];
  total_lines: number;
  has_more: boolean;
}

const MAX_GENERATIONS = 5;

export async function readLogPage(file: string, query: LogQuery): Promise<LogPage> {
  const matching: Record<string, unknown>[] = [];
  for (let generation = MAX_GENERATIONS; generation >= 0; generation--) {
    const path = generation === 0 ? file : `${file}.${generation}`;
    let text: string;
    try {
      text = await Deno.readTextFile(path);
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (!line) continue;
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (query.level && entry.level !== query.level) continue;
      if (query.event && !String(entry.event ?? "").includes(query.event)) continue;
      matching.push(entry);
    }
  }
  const end = Math.max(0, matching.length - query.offset);
  const start = Math.max(0, end - query.lines);
  return { entries: matching.slice(start, end), total_lines: matching.length, has_more: start > 0 };
}
