/** `deno task compile`: builds a single `parapet` binary with the web UI, the worker modules and every module the
 * engine imports only when needed (lib/import_when_needed.ts) included. `deno compile` needs the denort runtime of
 * this Deno version; it downloads it unless DENORT_BIN names a local one. Where neither works the task says so and
 * exits 2 instead of hanging on a download.
 *
 * The binary is `deno task start` in one file: `./parapet` (or `./parapet start`) writes a commented default
 * config.yaml on its first start, runs the supervisor, which runs the binary again as `engine-plan` and `engine`.
 * Its permissions and V8 flags are fixed here at build time: the engine's per-config Deno permission flags
 * (src/cli/permission_flags.ts) cannot narrow a compiled binary, so it runs with all permissions; Shield, the
 * bubblewrap sandbox and the SSRF guard still apply. */

const ROOT = new URL("..", import.meta.url).pathname;

/** What the binary carries besides main.ts's static module graph: the web UI (served from the binary's own file
 * system) and, one by one so each becomes a module, every source file: the workers and the modules imported only
 * when needed (subcommands, providers, MCP, mail, calendar) are not in that graph. */
export function included(): string[] {
  const modules: string[] = [];
  const walk = (folder: string) => {
    for (const entry of Deno.readDirSync(`${ROOT}${folder}`)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (entry.isFile && path.endsWith(".ts")) modules.push(path);
    }
  };
  walk("src");
  return ["web", ...modules.sort()];
}

/** V8 flags of every process the binary runs (src/cli/supervisor.ts ENGINE_V8_FLAGS, for the engine). */
export const V8_FLAGS = "--max-semi-space-size=1,--expose-gc";

export function compileArgs(output: string): string[] {
  return [
    "compile",
    "--allow-all",
    // As the engine runs from a checkout (src/cli/supervisor.ts ENGINE_DENO_FLAGS): no V8 code cache.
    "--no-code-cache",
    `--v8-flags=${V8_FLAGS}`,
    ...included().flatMap((path) => ["--include", path]),
    "--output",
    output,
    "main.ts",
  ];
}

export const NEEDS_DENORT = "deno compile needs the denort runtime of Deno " + Deno.version.deno +
  ", which it downloads from a host this " +
  "machine cannot reach (no npm package ships denort: the deno package and @deno/linux-x64-glibc hold the full " +
  "CLI only, which cannot run a compiled program). Set DENORT_BIN to a local denort binary of the same version " +
  "and run `deno task compile` again.";

async function main(output: string): Promise<number> {
  const denort = Deno.env.get("DENORT_BIN");
  if (!denort) {
    console.error(NEEDS_DENORT);
    return 2;
  }
  const status = await new Deno.Command(Deno.execPath(), {
    args: compileArgs(output),
    cwd: ROOT,
    env: { DENORT_BIN: denort },
  }).spawn().status;
  if (status.success) {
    const command = output.includes("/") ? output : `./${output}`;
    console.log(
      `Built ${output}: run it as ${command} (its first start writes config.yaml in the current folder)`,
    );
  }
  return status.code;
}

if (import.meta.main) Deno.exit(await main(Deno.args[0] ?? "parapet"));
