/** Installs that take a package from outside any registry, read from the installer's row in program_options.ts:
 * a URL or `oci://` reference from a host that is not allowed (`helm install x oci://host/chart`), a flake from a
 * forge (`nix run github:owner/tool`), a package file lying outside the workspace (`code --install-extension
 * /tmp/x.vsix`, `dpkg -i /tmp/x.deb`), or an option that skips the store's signature (`snap install --dangerous`).
 * Each ESCALATEs: a human sees where the code comes from. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";
import { readHost } from "./hosts.ts";
import { namesWith, optionsOf } from "../program_options.ts";
import { programs } from "./programs.ts";
import { popularExtensionFile } from "./extension_files.ts";

const INSTALLERS = programs(namesWith("installs"));

const URL_SPEC = /^[a-z][a-z0-9+.-]*:\/\//i;
const FORGE_FLAKE = /^(?:github|gitlab|sourcehut|git\+[a-z]+|tarball\+?[a-z]*|hg\+[a-z]+):/i;
const PACKAGE_FILE = /\.(?:vsix|snap|deb|rpm|whl|tgz|tar\.gz|apk|pkg|flatpak(?:ref)?|nupkg|gem)$/i;

/** Why a package spec comes from outside the registries, or undefined. */
function outsideSource(spec: string, environment: ShieldEnvironment): string | undefined {
  if (URL_SPEC.test(spec)) {
    const host = readHost(spec.replace(/^oci:/i, "https:"), environment);
    return host && (host.allowed || host.loopback) ? undefined : `from "${host?.host ?? spec.slice(0, 60)}"`;
  }
  if (FORGE_FLAKE.test(spec)) return `from the forge reference "${spec.slice(0, 80)}"`;
  if (PACKAGE_FILE.test(spec)) {
    const kind = classifyPath(normalizePath(spec, environment.workspace, environment.shellHome), environment);
    if (kind !== "workspace") return `from the package file "${spec.slice(0, 80)}"`;
    const extension = popularExtensionFile(spec);
    return extension
      ? `the popular extension "${extension}" from the file "${spec.slice(0, 80)}", not from the marketplace`
      : undefined;
  }
  return undefined;
}

/** Whether judgeSourceInstalls looks at a segment of `program` (its loop starts with this test). */
export const installsSourcesWith = (program: string): boolean => INSTALLERS.has(program);

export function judgeSourceInstalls(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!installsSourcesWith(segment.program)) continue;
    const installs = optionsOf(segment.program)?.installs;
    if (!installs) continue;
    const args = segment.argv.slice(1);
    const at = args.findIndex((arg) => installs.verbs.includes(arg));
    if (at < 0) continue;
    const skipping = args.find((arg) =>
      installs.outsideOptions?.some((option) => arg.split("=")[0] === option)
    );
    if (skipping) {
      findings.escalate(
        "install",
        `"${segment.program}" installs with "${skipping}", from outside its store`,
      );
      continue;
    }
    for (const spec of args.slice(at + 1).filter((arg) => !arg.startsWith("-")).slice(0, 8)) {
      const outside = outsideSource(spec, environment);
      if (outside) {
        findings.escalate("install", `"${segment.program} ${args[at]}" installs ${outside}`);
        break;
      }
    }
  }
}
