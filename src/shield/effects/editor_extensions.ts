/** Editor extensions recommended to every contributor that imitate popular ones (round 34): a workspace's
 * `.vscode/extensions.json`, a dev container's `customizations.vscode.extensions`, a `.code-workspace` or a Gitpod
 * file naming `ms-python.pyhton`, `esbenp.prettier-vscode-free`, `ms-toolsai.jupyterr` or
 * `rust-lang-official.rust-analyzer`: VS Code offers to install them on opening the folder, and an extension runs
 * with the user's rights. The popular ids themselves and in-house extensions far from any pass.
 * Sources: Aqua Nautilus, "Can You Trust Your VSCode Extensions?" (2023, a typosquatted Prettier); Check Point and
 * ExtensionTotal reports on malicious VS Code extensions (2023-2025); VS Code docs, workspace recommended extensions. */

import type { Findings } from "./findings.ts";
import { editDistance } from "./package_lookalikes.ts";
import { POPULAR_VSCODE_EXTENSIONS } from "./data/popular_vscode_extensions.ts";
import { matchesOf } from "../match_all.ts";

const EXTENSION_FILE =
  /(?:^|\/)\.vscode\/extensions\.json$|(?:^|\/)\.?devcontainer\.json$|\.code-workspace$|(?:^|\/)\.gitpod\.ya?ml$/i;
/** A `publisher.name` id, quoted (JSON) or as a YAML list item. */
const EXTENSION_ID =
  /["']([a-z0-9][a-z0-9-]*\.[a-z0-9][a-z0-9-]*)["']|^\s*-\s*([a-z0-9][a-z0-9-]*\.[a-z0-9][a-z0-9-]*)\s*$/gim;
/** Suffixes that dress a copy up as a better edition. */
const LURE_SUFFIX =
  /^-(?:free|pro|plus|premium|official|new|latest|fixed|updated|full|unlocked|cracked|original|real|v2|2|x)$/;

const POPULAR = new Set(POPULAR_VSCODE_EXTENSIONS);
const PARTS = POPULAR_VSCODE_EXTENSIONS.map((id) => id.split("."));
const PUBLISHERS = new Set(PARTS.map(([publisher]) => publisher));
/** Words too common in extension names to mark one as a copy. */
const GENERIC_WORDS = new Set([
  "vscode",
  "language",
  "support",
  "theme",
  "snippets",
  "extension",
  "server",
  "tools",
  "remote",
  "python",
  "docker",
  "github",
  "azure",
  "kubernetes",
]);

const near = (a: string, b: string) => editDistance(a, b, 2) <= (b.length >= 8 ? 2 : 1);

/** The popular extension `id` (`publisher.name`, lower-cased) imitates, if any; `code --install-extension` asks it
 * too (`other_installs.ts`). */
export function imitatedExtension(id: string): string | undefined {
  if (!id.includes(".")) return undefined;
  if (POPULAR.has(id)) return undefined;
  const [publisher, name] = id.split(".");
  for (const [popularPublisher, popularName] of PARTS) {
    const samePublisher = publisher === popularPublisher;
    if (
      samePublisher && (near(name, popularName) || LURE_SUFFIX.test(name.slice(popularName.length)) &&
          name.startsWith(popularName))
    ) {
      return `${popularPublisher}.${popularName}`;
    }
    if (samePublisher) continue;
    const closePublisher = near(publisher, popularPublisher) ||
      (popularPublisher.length >= 4 && publisher.includes(popularPublisher));
    if (closePublisher && (name === popularName || near(name, popularName))) {
      return `${popularPublisher}.${popularName}`;
    }
    if (!PUBLISHERS.has(publisher) && wearsName(publisher, name, popularName)) {
      return `${popularPublisher}.${popularName}`;
    }
  }
  return undefined;
}

/** Round 48: an unknown publisher dressed in a popular extension's name (`prettier-vscode-pro.prettier-format`,
 * `gitlens-pro.gitlens-insiders`, `eslint-official.vscode-eslint`, `dev-tools-hub.prettier-vscode`): the publisher
 * holds the popular name, or a distinctive word of it that the extension's name shares, or the extension takes a
 * popular name of eight characters or more whole. Koi Security and ExtensionTotal (2025) on lookalike extensions. */
function wearsName(publisher: string, name: string, popularName: string): boolean {
  if (popularName.length >= 8 && name === popularName) return true;
  if (popularName.length >= 6 && publisher.includes(popularName)) return true;
  return popularName.split("-").some((word) =>
    word.length >= 6 && !GENERIC_WORDS.has(word) && publisher.includes(word) && name.includes(word)
  );
}

export function judgeEditorExtensions(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => EXTENSION_FILE.test(path))) return;
  for (const content of contents) {
    if (content.length > 64 * 1024) continue;
    for (const match of matchesOf(EXTENSION_ID, content)) {
      const id = (match[1] ?? match[2]).toLowerCase();
      const original = imitatedExtension(id);
      if (!original) continue;
      findings.escalate("install", `recommends the editor extension "${id}", which imitates "${original}"`);
      return;
    }
  }
}
