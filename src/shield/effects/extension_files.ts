/** A popular editor extension installed from a file (round 39): `code --install-extension
 * ./prettier-vscode-11.0.9.vsix` (also `cursor`, `codium`) names a marketplace extension everyone has, but takes it
 * from a VSIX lying in the folder -- downloaded from somewhere, unsigned by the marketplace, where a trojaned copy of a
 * popular extension is the lure (the marketplace would have served the real one). Asked like a local archive of a
 * popular npm or PyPI package (supply_chain.ts). An in-house extension's own build (`northwind-snippets-0.3.1.vsix`)
 * names no popular extension and passes. Sources: ExtensionTotal and Koi Security reports on trojaned VSIX copies
 * of popular extensions (2024-2025); VS Code docs, "Install from a VSIX". */

import { POPULAR_VSCODE_EXTENSIONS } from "./data/popular_vscode_extensions.ts";

/** Popular ids by the forms a VSIX file is named with: `publisher.name` and `name` (four characters or more). */
const BY_FILE_NAME = new Map<string, string>();
for (const id of POPULAR_VSCODE_EXTENSIONS) {
  BY_FILE_NAME.set(id, id);
  const name = id.slice(id.indexOf(".") + 1);
  if (name.length >= 4 && !BY_FILE_NAME.has(name)) BY_FILE_NAME.set(name, id);
}

/** The popular extension a `.vsix` path claims to be (`prettier-vscode-11.0.9.vsix` -> `esbenp.prettier-vscode`). */
export function popularExtensionFile(spec: string): string | undefined {
  const file = /([^/\\]+)\.vsix$/i.exec(spec)?.[1];
  if (!file) return undefined;
  const bare = file.toLowerCase().replace(/[-_@]v?\d+(?:\.\d+)+(?:[-.+][\w.-]*)?$/, "");
  return BY_FILE_NAME.get(bare);
}
