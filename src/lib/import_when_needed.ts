/** Imports a module the first time it is needed. Deno reads every literal `import("./x.ts")` ahead of time and
 * keeps that module graph in memory from the start even when the import never runs; a specifier passed in
 * here is not read ahead, so a module (and all it imports) costs nothing until it is used. A compiled binary
 * must include such modules itself (scripts/compile.ts passes --include for them). */
export function importWhenNeeded<Module>(url: URL): Promise<Module> {
  return import(url.href);
}
