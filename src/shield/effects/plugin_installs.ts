/** Tool plugins installed straight from someone's repository, outside any curated index: `gh extension install
 * OWNER/REPO` (GitHub's own `github/`, `cli/` pass), `asdf plugin add NAME URL`, `mise plugin install NAME URL`,
 * `helm plugin install URL`, `vagrant plugin install --plugin-source URL`. The plugin runs with the user's
 * credentials every time the tool does. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const TRUSTED_GH_OWNERS = /^(?:github|cli|actions|microsoft|azure|aws|google|googlecloudplatform)$/i;
const PLUGIN_PROGRAMS = new Set([
  "gh",
  "asdf",
  "mise",
  "rtx",
  "helm",
  "vagrant",
  "krew",
  "kubectl",
  "docker",
]);

function pluginSource(segment: Segment): string | undefined {
  const [program, first, second, ...rest] = segment.argv.map((arg, index) =>
    index === 0 ? segment.program : arg
  );
  if (program === "gh" && /^(?:extension|extensions|ext)$/.test(first ?? "") && second === "install") {
    const target = rest.find((arg) => !arg.startsWith("-"));
    if (!target || target === ".") return undefined;
    const owner = target.replace(/^https?:\/\/github\.com\//, "").split("/")[0];
    return TRUSTED_GH_OWNERS.test(owner) ? undefined : target;
  }
  if (/^(?:asdf|mise|rtx)$/.test(program) && first === "plugin" && /^(?:add|install)$/.test(second ?? "")) {
    return rest.find((arg) => /^(?:https?:\/\/|git@|ssh:\/\/)/.test(arg));
  }
  if (/^(?:helm|docker)$/.test(program) && first === "plugin" && second === "install") {
    return rest.find((arg) => /^(?:https?:\/\/|git@|ssh:\/\/)|\//.test(arg) && !arg.startsWith("-"));
  }
  if (program === "vagrant" && first === "plugin" && second === "install") {
    const at = rest.indexOf("--plugin-source");
    return at >= 0 ? rest[at + 1] : undefined;
  }
  return undefined;
}

/** Whether judgePluginInstalls looks at a segment of this program. */
export const installsPluginsWith = (program: string): boolean => PLUGIN_PROGRAMS.has(program);

export function judgePluginInstalls(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    if (!installsPluginsWith(segment.program)) continue;
    const source = pluginSource(segment);
    if (source) {
      findings.escalate(
        "install",
        `installs a "${segment.program}" plugin from "${source.slice(0, 80)}", outside any curated index`,
      );
    }
  }
}
