/** Configuration written by the shell rather than a file tool: `echo "registry=URL" >> .npmrc`, `printf '[global]\n
 * index-url = URL\n' > pip.conf`. The printed text is the content written to the redirect's target, judged as a
 * `write_file` of it would be (package sources, manifests, CI files: config_files.ts and manifest_sources.ts). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { judgeConfigWrites } from "./config_files.ts";
import { judgeManifestSources } from "./manifest_sources.ts";

const PRINTERS = new Set(["echo", "printf"]);

/** Whether judgeShellConfigWrites looks at a segment of `program` (its loop starts with this test). */
export const printsConfigWith = (program: string): boolean => PRINTERS.has(program);

export function judgeShellConfigWrites(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!printsConfigWith(segment.program) || segment.redirects.length === 0) continue;
    const targets = segment.redirects.filter((redirect) => redirect.op === ">" || redirect.op === ">>")
      .map((redirect) =>
        normalizePath(redirect.target, environment.workspace, environment.shellHome).absolute
      );
    if (targets.length === 0) continue;
    const words = segment.argv.slice(1).filter((word, index) => !(index === 0 && /^-[neE]+$/.test(word)));
    const content = words.join(" ").replace(/\\n/g, "\n").replace(/\\t/g, "\t");
    if (content.length === 0 || content.length > 16 * 1024) continue;
    judgeConfigWrites(targets.map((target) => target.toLowerCase()), [content], environment, findings);
    judgeManifestSources(targets, [content], environment, findings);
  }
}
