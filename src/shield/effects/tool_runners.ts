/** Package-manager settings that swap the program running every script: npm's `script-shell` or `node-options`
 * loading a file, Yarn's `yarnPath` pointing anywhere but a release Yarn wrote, Bun's `preload`. Each install or
 * script then runs the named file first. */

import type { Findings } from "./findings.ts";

const SHELLS =
  /^(?:\/(?:usr\/)?bin\/(?:ba|z|da|k|fi)?sh|(?:ba|z|da|k|fi)?sh|pwsh|powershell(?:\.exe)?|cmd(?:\.exe)?|"?c:\\\\windows\\\\system32\\\\cmd\.exe"?)$/i;
const YARN_RELEASE =
  /^\.yarn\/releases\/yarn-(?:\d+\.\d+\.\d+(?:-(?:rc|alpha|beta|git|dev)[\w.]*)?|berry|sources)\.c?js$/;

export function judgeToolRunners(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const npmrc = paths.some((path) => /(?:^|\/)\.npmrc$/.test(path));
  const yarnrc = paths.some((path) => /(?:^|\/)\.yarnrc(?:\.yml)?$/.test(path));
  const bunfig = paths.some((path) => /(?:^|\/)bunfig\.toml$/.test(path));
  if (!npmrc && !yarnrc && !bunfig) return;
  for (const content of contents) {
    if (content.length > 64 * 1024) continue;
    const shell = npmrc ? /^\s*script-shell\s*=\s*(\S+)/m.exec(content)?.[1] : undefined;
    const preloads = npmrc ? /^\s*node-options\s*=.*(?:--require|--import|-r)\b/m.test(content) : false;
    const yarnPath = yarnrc
      ? /^\s*(?:yarnPath|yarn-path)\s*[:=]?\s*["']?([^"'\s]+)/m.exec(content)?.[1]
      : undefined;
    const bunPreload = bunfig && /^\s*preload\s*=/m.test(content);
    if (
      (shell !== undefined && !SHELLS.test(shell)) || preloads ||
      (yarnPath !== undefined && !YARN_RELEASE.test(yarnPath)) || bunPreload
    ) {
      findings.escalate(
        "exec",
        "package-manager settings make every script or install run another program first",
      );
      return;
    }
  }
}
