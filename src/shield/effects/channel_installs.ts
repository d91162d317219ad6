/** Conda-family installs from a channel outside the well-known ones (`conda install -c pytorch-nightly-mirror
 * torchtriton`): a channel is a package index, and an unknown one may serve a poisoned build under a trusted name. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const CONDA = new Set(["conda", "mamba", "micromamba", "pixi"]);
const KNOWN_CHANNELS =
  /^(?:conda-forge|defaults|main|free|r|msys2|bioconda|pytorch|nvidia|anaconda|intel|huggingface|fastai|rapidsai|plotly|bokeh|pyviz|dglteam|esri|pytorch3d|xformers|numba)$/i;

/** Whether judgeChannelInstalls looks at a segment of this program. */
export const installsChannelsWith = (program: string): boolean => CONDA.has(program);

export function judgeChannelInstalls(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    if (!installsChannelsWith(segment.program)) continue;
    const argv = segment.argv;
    if (!argv.some((arg) => /^(?:install|create|add|update|env)$/.test(arg))) continue;
    for (let i = 1; i < argv.length; i++) {
      const [flag, glued] = argv[i].split(/=(.*)/s);
      if (flag !== "-c" && flag !== "--channel") continue;
      const channel = glued ?? argv[i + 1] ?? "";
      const name = channel.replace(/^https?:\/\/conda\.anaconda\.org\//, "").replace(/\/+$/, "");
      if (name && !KNOWN_CHANNELS.test(name)) {
        findings.escalate(
          "install",
          `installs from the conda channel "${channel.slice(0, 80)}", outside the well-known ones`,
        );
      }
    }
  }
}
