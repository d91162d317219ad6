/** The layer check in `deno task ok` (as Deno std checks its packages for circular dependencies): every import
 * from one src/ folder into another must be listed in LAYERS, and the folders must not import each other in a
 * cycle. Prints each violation and exits 1; prints one line and exits 0 when the tree is clean.
 *
 * Usage: deno run --allow-read scripts/check_layers.ts [SRC_DIR] */
import { dirname, join, normalize, relative, resolve } from "node:path";

/**
 * Which folders each src/ folder may import from (besides itself). Read top to bottom as the layers of
 * docs/architecture.md: `lib` imports nothing of Parapet, `shield` stands alone on `lib`, `app` (the
 * composition root) and `cli` may import everything below them. A new folder needs a row here.
 */
export const LAYERS: Record<string, readonly string[]> = {
  lib: [],
  log: ["lib"],
  protocol: ["lib"],
  config: ["lib"],
  store: ["lib", "protocol"],
  providers: ["lib"],
  shield: ["lib"],
  sandbox: ["lib"],
  workspace: ["lib"],
  ifc: ["lib"],
  audit: ["lib", "store"],
  chronicle: ["lib", "audit", "protocol"],
  memory: ["lib", "providers", "store"],
  tools: ["lib", "log", "memory", "sandbox", "workspace"],
  engine: [
    "lib",
    "log",
    "protocol",
    "config",
    "store",
    "providers",
    "tools",
    "shield",
    "memory",
    "workspace",
  ],
  ws: ["lib", "log", "protocol"],
  channels: ["lib", "log", "protocol", "config", "store", "engine"],
  routes: ["lib", "log", "protocol", "config", "store", "providers", "sandbox", "memory", "engine", "ws"],
  app: [
    "lib",
    "log",
    "protocol",
    "config",
    "store",
    "providers",
    "shield",
    "sandbox",
    "workspace",
    "ifc",
    "audit",
    "chronicle",
    "memory",
    "tools",
    "engine",
    "ws",
    "channels",
    "routes",
  ],
  cli: [
    "lib",
    "log",
    "protocol",
    "config",
    "store",
    "providers",
    "shield",
    "sandbox",
    "workspace",
    "ifc",
    "audit",
    "chronicle",
    "memory",
    "tools",
    "engine",
    "app",
  ],
};

/** Files outside src/ a folder may import (the CLI prints the version from deno.json). */
export const OUTSIDE_SRC: Record<string, readonly string[]> = { cli: ["deno.json"] };

export interface Violation {
  file: string;
  specifier: string;
  message: string;
}

export interface LayerReport {
  violations: Violation[];
  /** Folders in import order around a cycle (first repeated last), or undefined. */
  cycle?: string[];
  files: number;
}

/** Walks `srcDir` and checks every relative import of every .ts file against `layers`. */
export async function checkLayers(
  srcDir: string,
  layers: Record<string, readonly string[]> = LAYERS,
): Promise<LayerReport> {
  const root = resolve(srcDir);
  const violations: Violation[] = [];
  const graph = new Map<string, Set<string>>();
  const files = await sourceFiles(root);
  for (const file of files) {
    const from = folderOf(root, file);
    const shown = relative(dirname(root), file);
    if (from === undefined) {
      violations.push({ file: shown, specifier: "", message: "a file directly in src/ belongs in a folder" });
      continue;
    }
    if (!(from in layers)) {
      violations.push({ file: shown, specifier: "", message: `folder "${from}" has no row in LAYERS` });
    }
    for (const specifier of importsOf(await Deno.readTextFile(file))) {
      if (!specifier.startsWith(".")) continue;
      const target = normalize(join(dirname(file), specifier));
      const problem = judge(root, from, target, layers);
      if (problem) violations.push({ file: shown, specifier, message: problem });
      const to = folderOf(root, target);
      if (to !== undefined && to !== from) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
      }
    }
  }
  return { violations, cycle: findCycle(graph), files: files.length };
}

function judge(
  root: string,
  from: string,
  target: string,
  layers: Record<string, readonly string[]>,
): string | undefined {
  const inside = relative(root, target);
  if (inside.startsWith("..")) {
    const outside = relative(dirname(root), target);
    return OUTSIDE_SRC[from]?.includes(outside)
      ? undefined
      : `src/${from} may not import "${outside}" outside src/`;
  }
  const to = folderOf(root, target);
  if (to === undefined) return `"src/${inside}" lies directly in src/, outside any layer`;
  if (to === from) return undefined;
  if (layers[from]?.includes(to)) return undefined;
  return `src/${from} may not import from src/${to}`;
}

/** The top-level folder under src/ that holds `path`, or undefined for a file directly in src/. */
function folderOf(root: string, path: string): string | undefined {
  const parts = relative(root, path).split("/");
  return parts.length > 1 && parts[0] !== ".." ? parts[0] : undefined;
}

const STATIC_IMPORT = /^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/gm;
const BARE_IMPORT = /^\s*import\s*["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
const WORKER_URL = /new URL\(\s*["'](\.[^"']+\.ts)["']\s*,\s*import\.meta\.url\s*\)/g;

/** Every module specifier in the text: static and type imports, re-exports, dynamic imports, worker URLs. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [STATIC_IMPORT, BARE_IMPORT, DYNAMIC_IMPORT, WORKER_URL]) {
    for (const match of text.matchAll(pattern)) found.push(match[1]);
  }
  return found;
}

/** A cycle in the folder graph, as the folders along it with the first repeated at the end. */
export function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "open");
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The table itself must be acyclic, or a cycle could pass unnoticed one allowed edge at a time. */
export function tableCycle(layers: Record<string, readonly string[]>): string[] | undefined {
  return findCycle(new Map(Object.entries(layers).map(([from, to]) => [from, new Set(to)])));
}

async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...await sourceFiles(path));
    else if (entry.isFile && entry.name.endsWith(".ts")) files.push(path);
  }
  return files.sort();
}

if (import.meta.main) {
  const srcDir = Deno.args[0] ?? new URL("../src", import.meta.url).pathname;
  const report = await checkLayers(srcDir);
  const loop = tableCycle(LAYERS);
  for (const violation of report.violations) {
    console.error(
      `${violation.file}: ${violation.message}${violation.specifier ? ` ("${violation.specifier}")` : ""}`,
    );
  }
  if (loop) console.error(`LAYERS allows a cycle: ${loop.join(" -> ")}`);
  if (report.cycle) console.error(`Folders import each other in a cycle: ${report.cycle.join(" -> ")}`);
  const failed = report.violations.length > 0 || loop !== undefined || report.cycle !== undefined;
  console.log(
    failed
      ? `Layer check failed: ${report.violations.length} bad imports in ${report.files} files`
      : `Layer check passed: ${report.files} files, every import follows LAYERS, no cycle`,
  );
  Deno.exit(failed ? 1 : 0);
}
