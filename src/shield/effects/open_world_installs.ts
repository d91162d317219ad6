/** Open-world tools that install software (`mcp__mcp-installer__install_repo_mcp_server`, `install_plugin`,
 * `add_extension`): what they fetch and start is not visible in the call, so a human should see it. */

import type { Findings } from "./findings.ts";
import { PURE_READ } from "./vocabulary.ts";

const INSTALLS = /^(?:install|installs|installer|reinstall)$/;
const ADDS = /^(?:add|register|enable|load)$/;
const SOFTWARE =
  /^(?:plugin|plugins|extension|extensions|addon|addons|server|servers|skill|skills|package|packages)$/;

export function judgeOpenWorldInstall(tool: string, words: readonly string[], findings: Findings): void {
  if (words.length === 0 || PURE_READ.has(words[0])) return;
  const installs = words.some((word) => INSTALLS.test(word)) ||
    (words.some((word) => ADDS.test(word)) && words.some((word) => SOFTWARE.test(word)));
  if (installs) findings.escalate("install", `"${tool}" installs software Shield cannot vet`);
}
