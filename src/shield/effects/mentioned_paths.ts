/** Paths named in free text (a delegated task, a tool argument) sorted by what touching them means, whatever
 * the language around them: `~/.bashrc`, `/etc/cron.d/x`, `~/.aws/credentials` read the same in any language. */

import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import { classifyPath, type PathClass } from "./path_classes.ts";
import { matchesOf } from "../match_all.ts";

const PATH_WORD = /(?:^|[\s"'`(=:,])((?:~|\$HOME|\$\{HOME\}|\.\.\/|\/(?!\/))[^\s"'`;|&)<>,]{1,256})/g;
/** Classes whose mere naming in handed-on work deserves a human's look. */
const SENSITIVE = new Set<PathClass>([
  "engine",
  "secret",
  "persistence",
  "startup-file",
  "trust",
  "scheduled-instructions",
]);
const MAX_PATHS = 16;

/** The first sensitive path the text names outside the workspace, with its class, or undefined. */
export function sensitiveMention(
  text: string,
  environment: ShieldEnvironment,
): { path: string; kind: PathClass } | undefined {
  if (text.length > 64 * 1024 || !/[~/]/.test(text)) return undefined;
  // `../config.yaml` counts: the engine's files sit beside the workspace.
  let seen = 0;
  for (const match of matchesOf(PATH_WORD, text)) {
    if (++seen > MAX_PATHS) return undefined;
    const word = match[1].replace(/^\$\{?HOME\}?/, "~").replace(/[.:]+$/, "");
    if (word.length < 3) continue;
    for (const home of [environment.home, environment.shellHome]) {
      const path = normalizePath(word, environment.workspace, home);
      if (path.relative !== undefined) continue;
      const kind = classifyPath(path, environment);
      if (SENSITIVE.has(kind)) return { path: word, kind };
    }
  }
  return undefined;
}
