/** Re-vendors the browser libraries of web/vendor/manifest.json from the npm registry (npm pack), applying the
 * manifest's changes and recording each file's new SHA-256; `--check` only verifies what is on disk.
 * Bump a library: edit its "version" in the manifest, run this, review the diff, run the UI tests.
 *   deno run -A scripts/update_vendor.ts            re-vendor every file
 *   deno run -A scripts/update_vendor.ts --check    exit 1 when a file differs from the manifest */
import { buildVendoredText, checkVendor, readManifest, VENDOR_DIR } from "./vendor_manifest.ts";
import { sha256Hex } from "../src/lib/sha256.ts";

async function run(command: string, args: string[], cwd: string): Promise<string> {
  const output = await new Deno.Command(command, { args, cwd, stdout: "piped", stderr: "piped" }).output();
  if (!output.success) {
    throw new Error(`${command} ${args.join(" ")} failed: ${new TextDecoder().decode(output.stderr).trim()}`);
  }
  return new TextDecoder().decode(output.stdout).trim();
}

async function update(): Promise<void> {
  const manifest = await readManifest();
  const work = await Deno.makeTempDir({ prefix: "parapet-vendor-" });
  try {
    const unpacked = new Map<string, string>();
    for (const [name, entry] of Object.entries(manifest.files)) {
      const spec = `${entry.package}@${entry.version}`;
      if (!unpacked.has(spec)) {
        const tarball = (await run("npm", ["pack", spec, "--silent"], work)).split("\n").at(-1)!;
        const folder = `${work}/${spec.replaceAll("/", "_")}`;
        await Deno.mkdir(folder);
        await run("tar", ["xzf", `${work}/${tarball}`, "-C", folder], work);
        unpacked.set(spec, `${folder}/package`);
      }
      const original = await Deno.readTextFile(`${unpacked.get(spec)}/${entry.source}`);
      const text = buildVendoredText(entry, original);
      await Deno.writeTextFile(new URL(name, VENDOR_DIR), text);
      const hash = sha256Hex(text);
      console.log(`${name}: ${spec} ${entry.source}${hash === entry.sha256 ? " (unchanged)" : " (changed)"}`);
      entry.sha256 = hash;
    }
    await Deno.writeTextFile(new URL("manifest.json", VENDOR_DIR), JSON.stringify(manifest, null, 2) + "\n");
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) {
  if (Deno.args.includes("--check")) {
    const problems = await checkVendor();
    for (const problem of problems) console.error(problem);
    if (problems.length === 0) console.log("web/vendor matches manifest.json");
    Deno.exit(problems.length === 0 ? 0 : 1);
  }
  await update();
}
