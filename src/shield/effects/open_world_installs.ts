/** Open-world tools that install software (`mcp__mcp-installer__install_repo_mcp_server`, `install_plugin`,
 * `add_extension`): what they fetch and start is not visible in the call, so a human should see it. A package
 * tool naming its ecosystem and package (`add_dependency {ecosystem: "npm", package: "electorn"}`) is judged as
 * the package manager's install of that name: lookalikes and outside sources as there, a popular name passes. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { PURE_READ } from "./vocabulary.ts";
import { type Ecosystem, isPopularPackage } from "./package_lookalikes.ts";
import { judgeInstallArgv } from "./supply_chain.ts";
import { identifierWords } from "./words.ts";

const INSTALLS = /^(?:install|installs|installer|reinstall)$/;
const ADDS = /^(?:add|register|enable|load)$/;
const SOFTWARE =
  /^(?:plugin|plugins|extension|extensions|addon|addons|server|servers|skill|skills|package|packages)$/;
const PACKAGE_WORDS =
  /^(?:package|packages|dependency|dependencies|library|module|modules|crate|gem|pkg|lib|npm|pnpm|yarn|pip|pip3|cargo|poetry|uv|gem|composer|nuget|conda|bun)$/;
/** Arguments that take the package from somewhere other than its registry (`git: https://...`, `index_url`). */
const SOURCE_KEYS =
  /^(?:git|git_url|repo|repository|url|source_url|tarball|index|index_url|extra_index_url|registry|registry_url|branch_url|from)$/i;
const OUTSIDE_SOURCE = /^(?:git\+|https?:\/\/|git:\/\/|ssh:\/\/|git@|file:)/i;
const NAME_KEYS = /^(?:package|package_name|packagename|pkg|name|dependency|library|module|crate|spec)$/i;
const ECOSYSTEM_KEYS = /^(?:ecosystem|manager|package_manager|registry|language|lang|type|source)$/i;
const MANAGERS: Array<[RegExp, Ecosystem]> = [
  [/^(?:npm|yarn|pnpm|bun|node|nodejs|javascript|js|typescript|ts)$/i, "npm"],
  [/^(?:pip|pip3|pypi|python|python3|py|uv|poetry|conda)$/i, "pypi"],
  [/^(?:cargo|crates|crates\.io|rust)$/i, "cargo"],
];
const COMMANDS: Record<Ecosystem, string[]> = {
  npm: ["npm", "install"],
  pypi: ["pip", "install"],
  cargo: ["cargo", "add"],
};

/** The ecosystem and package a package tool names, when both are plain words. */
function namedPackage(payload: Record<string, unknown>): { ecosystem: Ecosystem; name: string } | undefined {
  let ecosystem: Ecosystem | undefined;
  let name: string | undefined;
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== "string" || value.length > 214) continue;
    if (ECOSYSTEM_KEYS.test(key)) ecosystem ??= MANAGERS.find(([pattern]) => pattern.test(value))?.[1];
    else if (NAME_KEYS.test(key)) name ??= value.trim();
  }
  return ecosystem && name ? { ecosystem, name } : undefined;
}

/** `commandsRead`: the tool runs commands and Shield parsed the command lines it was given. Round 79: then an install
 * word that came from the command (`process_exec {command: "sudo apt-get install -y htop"}`) is the command's, judged
 * by the package managers' own checks like any command line; only a name that itself installs is judged here. */
export function judgeOpenWorldInstall(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
  commandsRead = false,
): void {
  if (words.length === 0 || PURE_READ.has(words[0])) return;
  if (commandsRead && !identifierWords(tool).some((word) => INSTALLS.test(word))) return;
  const packageTool = words.some((word) => PACKAGE_WORDS.test(word));
  const installs = words.some((word) => INSTALLS.test(word)) ||
    (words.some((word) => ADDS.test(word)) && (packageTool || words.some((word) => SOFTWARE.test(word))));
  if (!installs) return;
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (SOURCE_KEYS.test(key) && typeof value === "string" && OUTSIDE_SOURCE.test(value.trim())) {
      findings.escalate(
        "install",
        `"${tool}" installs a package from "${value.slice(0, 80)}", outside its registry`,
      );
      return;
    }
  }
  const named = packageTool ? namedPackage(payload) : undefined;
  if (named) {
    const before = findings.list.length;
    judgeInstallArgv([...COMMANDS[named.ecosystem], named.name], environment, findings);
    // A popular name from the default registry is what `npm install NAME` would fetch; anything else prompts.
    if (findings.list.length > before || isPopularPackage(named.ecosystem, named.name)) return;
  }
  findings.escalate("install", `"${tool}" installs software Shield cannot vet`);
}
