/** `find ROOT ... -delete` and `find ROOT ... -exec rm ...`: deletes under ROOT that path checks do not see (no file is
 * named). The engine's folders BLOCK; the user's home and other folders outside the workspace ESCALATE; system
 * folders escalate only when nothing narrows what is deleted (`-name '*.gz' -mtime +30` is log rotation). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";

const FILTERS = /^-(?:i?name|i?path|i?regex|i?wholename|newer\w*|[acm]time|[acm]min|size|user|group|type)$/;

function roots(argv: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 1; i < argv.length && !/^[-(!]/.test(argv[i]); i++) found.push(argv[i]);
  return found.length > 0 ? found : ["."];
}

/** Whether judgeFindDeletes looks at a segment of this program. */
export const findsDeletesWith = (program: string): boolean => program === "find";

export function judgeFindDeletes(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) {
    if (!findsDeletesWith(segment.program)) continue;
    const argv = segment.argv;
    const exec = argv.findIndex((arg) => /^-(?:exec|execdir|ok|okdir)$/.test(arg));
    const removes = argv.includes("-delete") ||
      (exec > 0 && /^(?:rm|shred|unlink|srm|rmdir)$/.test((argv[exec + 1] ?? "").replace(/^.*\//, "")));
    if (!removes) continue;
    const filtered = argv.some((arg) => FILTERS.test(arg) && arg !== "-type");
    const homes = [environment.shellHome, environment.home];
    for (const root of roots(argv).slice(0, 8)) {
      // `~`, `$HOME` and `${HOME}` are the same folder to the shell.
      const home = /^(?:~|\$\{?HOME\b)/.test(root)
        ? homes.find((candidate) => candidate !== environment.workspace)
        : undefined;
      const path = normalizePath(root, environment.workspace, home ?? environment.shellHome);
      if (path.relative !== undefined) continue;
      const kind = classifyPath(path, environment);
      if (kind === "engine") findings.block("engine", `deletes files of the engine under "${path.absolute}"`);
      else if (kind === "temp" || (kind === "system" && filtered)) continue;
      else findings.escalate("delete", `deletes files under "${path.absolute}", outside the workspace`);
    }
  }
}
