/** The vendored-file manifest (web/vendor/manifest.json): reading it, rebuilding a file from its package
 * source, and checking that what is on disk is what the manifest says. */
import { sha256Hex } from "../src/lib/sha256.ts";

export interface VendorEntry {
  package: string;
  version: string;
  /** Path of the file inside the npm package. */
  source: string;
  /** A license line put on top (builds that ship none); `{version}` is replaced. */
  banner?: string;
  /** The package's `//# sourceMappingURL` comment (the map is not vendored): "blank" leaves its line empty,
   * "drop" removes the line. */
  source_map: "blank" | "drop";
  /** Bare imports rewritten to relative files, e.g. {"preact": "./preact.js"}. */
  rewrite_imports?: Record<string, string>;
  sha256: string;
}

export interface VendorManifest {
  comment?: string;
  files: Record<string, VendorEntry>;
}

export const VENDOR_DIR = new URL("../web/vendor/", import.meta.url);

export async function readManifest(dir: URL = VENDOR_DIR): Promise<VendorManifest> {
  return JSON.parse(await Deno.readTextFile(new URL("manifest.json", dir)));
}

/** The vendored text of `entry` built from the package's own file. */
export function buildVendoredText(entry: VendorEntry, original: string): string {
  let text = entry.source_map === "drop"
    ? original.replace(/^\/\/# sourceMappingURL=\S*\n?/m, "")
    : original.replace(/\/\/# sourceMappingURL=\S*/, "");
  for (const [from, to] of Object.entries(entry.rewrite_imports ?? {})) {
    text = text.replaceAll(`from"${from}"`, `from"${to}"`).replaceAll(`from "${from}"`, `from "${to}"`);
  }
  return entry.banner ? `${entry.banner.replaceAll("{version}", entry.version)}\n${text}` : text;
}

/** Problems found: a changed or missing file, or a .js file the manifest does not list. */
export async function checkVendor(dir: URL = VENDOR_DIR): Promise<string[]> {
  const manifest = await readManifest(dir);
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(manifest.files)) {
    const bytes = await Deno.readFile(new URL(name, dir)).catch(() => undefined);
    if (!bytes) problems.push(`${name}: listed in manifest.json but missing`);
    else if (sha256Hex(bytes) !== entry.sha256) {
      problems.push(`${name}: SHA-256 ${sha256Hex(bytes)} differs from manifest.json (${entry.sha256})`);
    }
  }
  for await (const file of Deno.readDir(dir)) {
    if (file.isFile && file.name.endsWith(".js") && !(file.name in manifest.files)) {
      problems.push(`${file.name}: not listed in manifest.json`);
    }
  }
  return problems;
}
