/** Round 65: an install-time hook whose body downloads and runs code, however it is written into a manifest -- a
 * heredoc or `echo >>` adding `"postinstall": "node -e \"require('child_process').exec('curl -s https://...|node')\""`
 * to a temporary copy later moved over package.json, `npm pkg set scripts.preinstall=...`, `npm set-script`, a `jq`,
 * `sed` or `node -e`/Python edit of `scripts.install`, composer's `post-install-cmd`. npm runs `preinstall`,
 * `install`, `postinstall` and `prepare` on every install of the package (npm docs, "scripts"; the Shai-Hulud and
 * s1ngularity worms spread this way; MITRE ATT&CK T1195.002), so a hook that fetches code runs a stranger's code on
 * every machine that installs. BLOCK: no review of the hook's text shows what the fetched code will be.
 *
 * What passes: hooks that run the project's own tools (`"postinstall": "husky install"`, `"prepare": "tsc"`), other
 * scripts (`npm pkg set scripts.test=vitest`, even one that downloads: `"test": "curl ..."` is run only by hand), and
 * documents that quote a hook. The body must both fetch (a URL, curl, wget, fetch, urlopen, Invoke-WebRequest ...) and
 * run (a pipe into a shell or interpreter, eval, exec, child_process, `Function(`, `sh -c`, `chmod +x`).
 *
 * Cost: gated on a hook word in the text (`install`, `prepare`, `-cmd`) before the hook regexes run. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const HOOK = String
  .raw`(?:pre|post)?install|prepare|prepublish(?:Only)?|prepack|postpack|(?:pre|post)uninstall|(?:pre|post)-(?:install|update)-cmd|post-autoload-dump|post-root-package-install|post-create-project-cmd`;
/** `"postinstall": "..."` (JSON, one string with its escapes), composer's `"post-install-cmd": ["..."]`. */
const JSON_HOOK = new RegExp(
  String.raw`\\?["'](${HOOK})\\?["']\s*:\s*\[?\s*\\?["']((?:[^"\\\n]|\\.){1,600})`,
  "g",
);
/** `scripts.postinstall=...` (npm pkg set, jq, JavaScript), `scripts["install"] = ...`, `['scripts']['prepare'] = ...`,
 * `npm set-script postinstall ...`. */
const ASSIGNED_HOOK = new RegExp(
  String
    .raw`(?:\bscripts(?:\\?["']\s*\])?\s*(?:\.\s*|\[\s*\\?["'])|set-script\s+)(${HOOK})(?:\\?["']\s*\])?\s*[=\s]\s*(.{1,600})`,
  "g",
);
export const HOOK_WORD = /install|prepare|prepublish|prepack|postpack|-cmd|autoload-dump/;

const FETCHES =
  /https?:\/\/|\b(?:curl|wget|fetch|Invoke-WebRequest|iwr|irm|Invoke-RestMethod|urlopen|urlretrieve|requests\.get|https?\.get|bitsadmin|certutil|Net\.WebClient|DownloadString)\b/i;
const RUNS =
  /\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\|\s*(?:node|python[0-9.]*|perl|ruby|php|bun|deno|iex|pwsh|powershell)\b|\beval\b|\bexec(?:Sync|File)?\s*\(|child_process|\bspawn(?:Sync)?\s*\(|\bFunction\s*\(|\b(?:ba)?sh\s+-c\b|<\(\s*(?:curl|wget)|\$\(\s*(?:curl|wget)|\bnode\s+-e\b|\bpython[0-9.]*\s+-c\b|Invoke-Expression|\biex\b|chmod\s+\+?[0-7]*x/i;

/** The first install hook of a text whose body fetches and runs code, as `hook: body`. */
export function fetchingHookIn(text: string): string | undefined {
  if (!HOOK_WORD.test(text)) return undefined;
  for (const pattern of [JSON_HOOK, ASSIGNED_HOOK]) {
    pattern.lastIndex = 0;
    for (const match of matchesOf(pattern, text)) {
      const body = match[2];
      if (FETCHES.test(body) && RUNS.test(body)) return `${match[1]}: ${body.slice(0, 60)}`;
    }
  }
  return undefined;
}

const PROSE_FILE = /\.(?:md|markdown|mdx|rst|adoc|txt|html?)$/i;

export function judgeFetchingInstallHooks(view: ActionView, findings: Findings): void {
  const texts = [...(view.texts.get("shell") ?? []), ...(view.texts.get("code") ?? [])];
  const paths = view.writePaths.map((path) => path.absolute);
  if (!(paths.length > 0 && paths.every((path) => PROSE_FILE.test(path)))) {
    texts.push(...(view.texts.get("content") ?? []));
  }
  for (const text of texts.slice(0, 64)) {
    const hook = text.length <= 512 * 1024 ? fetchingHookIn(text) : undefined;
    if (hook) {
      findings.block("install", `writes an install hook that fetches and runs code ("${hook}")`);
      return;
    }
  }
}
