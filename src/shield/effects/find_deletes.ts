/** `find ROOT ... -delete` and `find ROOT ... -exec rm ...`: deletes under ROOT that path checks do not see (no file is
 * named). The engine's folders BLOCK; the user's home and other folders outside the workspace ESCALATE; system
 * folders escalate only when nothing narrows what is deleted (`-name '*.gz' -mtime +30` is log rotation). Round 55:
 * in a folder of the home (not the home itself, no dot folder, no documents-like folder) old rotated logs, caches
 * and temporary files pruned by age (`find ~/projects/api/logs -name '*.log.gz' -mtime +30 -delete`) are ordinary
 * upkeep: every name filter a log/cache/temp pattern (or the folder a logs/cache/tmp one), an age of at least a day
 * or an hour, no `-o`/`!` to widen it. `find ~ -mtime +1 -delete`, `find ~/Documents -name '*.pdf' -delete` ask. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";

const FILTERS = /^-(?:i?name|i?path|i?regex|i?wholename|newer\w*|[acm]time|[acm]min|size|user|group|type)$/;

/** Names of rotated logs, caches and temporary files (`*.log`, `*.log.gz`, `app.log.[0-9]*`, `*.tmp`, `*.pyc`). */
const PRUNED_NAME =
  /^\*?[\w.-]*\.(?:log|tmp|temp|cache|pyc|swp|old|bak)(?:\.(?:\d+|\*|\[0-9\]\*?))?(?:\.(?:gz|bz2|xz|zst|zip))?\*?$/i;
const PRUNED_FOLDER = /\/(?:logs?|cache|\.?cache|tmp|temp|log-archive|rotated)$/i;
const KEPT_FOLDERS =
  /^(?:documents|desktop|pictures|photos|videos|movies|music|downloads|library|onedrive|dropbox|icloud|mail|notes)$/i;
/** An age of a day or more (`-mtime +30`, `-ctime +7`) or an hour or more (`-mmin +60`). */
function aged(argv: readonly string[]): boolean {
  return argv.some((arg, i) => {
    const value = /^\+(\d+)$/.exec(argv[i + 1] ?? "")?.[1];
    if (value === undefined) return false;
    return (/^-[acm]time$/.test(arg) && Number(value) >= 1) ||
      (/^-[acm]min$/.test(arg) && Number(value) >= 60);
  });
}

/** Whether a `find` under a home folder prunes only old logs, caches and temporary files. */
function prunesOldLogs(argv: readonly string[], absolute: string, home: string | undefined): boolean {
  if (!home || !absolute.startsWith(`${home}/`) || !aged(argv)) return false;
  const parts = absolute.slice(home.length + 1).split("/");
  if (parts.some((part) => part.startsWith(".") || part === "") || KEPT_FOLDERS.test(parts[0])) return false;
  if (argv.some((arg) => /^(?:-o|-or|!|-not|,|-prune|-L|-follow)$/.test(arg))) return false;
  const names = argv.flatMap((arg, i) => /^-i?name$/.test(arg) ? [argv[i + 1] ?? ""] : []);
  if (argv.some((arg) => /^-i?(?:path|regex|wholename)$/.test(arg))) return false;
  if (names.length === 0) return false;
  return names.every((name) => PRUNED_NAME.test(name)) ||
    (PRUNED_FOLDER.test(absolute) && names.every((name) => /^\*\.[\w.*\[\]-]+$/.test(name)));
}

/** Whether a filter narrows what is deleted (round 70): a name, path, size or an age older than some days. `-type`,
 * an owner, and an age or date that takes everything younger (`-mtime -3650`, `-newermt 2000-01-01`, `-newer FILE`)
 * select every ordinary file of a data folder and narrow nothing (h15 destructive-010, `find /srv/uploads -type f
 * -mtime -3650 -delete`). */
function narrows(argv: readonly string[]): boolean {
  return argv.some((arg, i) => {
    if (!FILTERS.test(arg) || arg === "-type" || /^-(?:user|group|newer\w*)$/.test(arg)) return false;
    return !/^-[acm](?:time|min)$/.test(arg) || !(argv[i + 1] ?? "-").startsWith("-");
  });
}

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
    const filtered = narrows(argv);
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
      else if (homes.some((candidate) => prunesOldLogs(argv, path.absolute, candidate))) continue;
      else findings.escalate("delete", `deletes files under "${path.absolute}", outside the workspace`);
    }
  }
}
