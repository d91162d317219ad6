/** Imports a module the first time it is needed. Deno reads every literal `import("./x.ts")` ahead of time and
 * keeps that module graph in memory from the start even when the import never runs; a specifier passed in
 * here is not read ahead, so a module (and all it imports) costs nothing until it is used. Give a URL built
 * from `import.meta.url` for a file, or a bare name from deno.json's imports for a package. A compiled binary
 * must include such modules itself (scripts/compile.ts passes --include for them). */
export function importWhenNeeded<Module>(specifier: URL | string): Promise<Module> {
  return import(String(specifier));
}
