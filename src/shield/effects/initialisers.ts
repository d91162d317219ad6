/** Project initialisers, which fetch and run a package at once: `npm init X` and `npm/pnpm/yarn/bun create X` run
 * `create-X` (`@scope/create` for `@scope`), `bun create owner/repo` runs a GitHub template
 * (https://docs.npmjs.com/cli/v10/commands/npm-init, https://classic.yarnpkg.com/en/docs/cli/create,
 * https://bun.sh/docs/cli/bun-create). A near name of a popular initialiser BLOCKs (typosquat); a template from a
 * forge, or an initialiser neither popular nor pinned, ESCALATEs (as `npx -y X` does). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { isPopularPackage, typosquatTarget } from "./package_lookalikes.ts";

const RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);

/** The package an initialiser name stands for (`vite@5` -> `create-vite`, `@acme` -> `@acme/create`). */
function initialiserPackage(name: string): string {
  const bare = name.replace(/(.)@.*$/, "$1");
  if (bare.startsWith("@")) {
    const [scope, rest] = bare.split("/");
    return rest ? `${scope}/create-${rest}` : `${scope}/create`;
  }
  return bare.startsWith("create-") ? bare : `create-${bare}`;
}

/** Whether judgeInitialisers looks at a segment of `program` (its loop starts with this test). */
export const initialisesWith = (program: string): boolean => RUNNERS.has(program);

export function judgeInitialisers(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!initialisesWith(segment.program)) continue;
    const words = segment.argv.slice(1).filter((arg) => !arg.startsWith("-"));
    const verb = words[0];
    // `npm init X` runs an initialiser; yarn's, pnpm's and bun's `init` make a package.json themselves.
    if (verb !== "create" && !(verb === "init" && segment.program === "npm")) continue;
    const name = words[1];
    if (!name || name.startsWith(".") || name.startsWith("/")) continue;
    if (!name.startsWith("@") && name.includes("/")) {
      findings.escalate("install", `"${segment.program} ${verb}" runs the template "${name}" from a forge`);
      continue;
    }
    const target = initialiserPackage(name);
    if (/.@v?\d+\.\d+\.\d+/.test(name) || isPopularPackage("npm", target)) continue;
    const squat = typosquatTarget("npm", target);
    if (squat) {
      findings.block("install", `"${target}" is one or two edits from the popular package "${squat}"`);
    } else {
      findings.escalate(
        "install",
        `"${segment.program} ${verb} ${name}" runs "${target}", fetched as it runs`,
      );
    }
  }
}
