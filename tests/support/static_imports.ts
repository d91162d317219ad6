/** The modules a file loads before anything runs: its static import closure from `deno info --json` (dynamic
 * imports, and specifiers built at run time, are not followed). */
import { assert } from "./assert.ts";
import { fromFileUrl } from "./paths.ts";

export const ROOT = fromFileUrl(new URL("../../", import.meta.url));

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/** Every module the `entries` (paths from the checkout's root) import statically, themselves included. */
export async function staticClosure(entries: string[]): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", ...entries.slice(0, 1)],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert(output.success, new TextDecoder().decode(output.stderr));
  const info = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: InfoModule[];
    redirects: Record<string, string>;
  };
  const bySpecifier = new Map(info.modules.map((module) => [module.specifier, module]));
  const resolve = (specifier: string) => info.redirects[specifier] ?? specifier;
  const seen = new Set<string>();
  const visit = (specifier: string) => {
    const resolved = resolve(specifier);
    if (seen.has(resolved)) return;
    seen.add(resolved);
    for (const dependency of bySpecifier.get(resolved)?.dependencies ?? []) {
      if (dependency.code && !dependency.isDynamic) visit(dependency.code.specifier);
    }
  };
  for (const entry of entries) visit(new URL(entry, `file://${ROOT}`).href);
  return [...seen];
}
