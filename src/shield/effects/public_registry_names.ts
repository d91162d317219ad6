/** Dependency confusion asked for by name (round 39): an install pointed at the PUBLIC registry on purpose
 * (`--registry https://registry.npmjs.org/`, `--index-url https://pypi.org/simple`) for a name that reads as a
 * company's own -- a scoped npm package that is not a popular one (`@northwind-internal/auth-utils`), or a name
 * with `internal`, `private`, `corp` or `intranet` in it. The option overrides the project's private registry
 * for that install, and anyone may publish the name publicly with a higher version (Birsan's attack). Popular
 * scoped packages (`@types/node`, `@babel/core`) and installs without such a name pass.
 * Sources: Alex Birsan, "Dependency Confusion" (2021); GitHub/npm docs on scoped registries (`@scope:registry`);
 * pip docs on `--index-url`; Microsoft, "3 Ways to Mitigate Risk When Using Private Package Feeds" (2021). */

import { isPopularPackage } from "./package_lookalikes.ts";
import type { Ecosystem } from "./package_lookalikes.ts";

const PUBLIC_REGISTRY =
  /^(?:https?:\/\/)?(?:registry\.npmjs\.(?:org|com)|registry\.yarnpkg\.com|(?:www\.)?pypi\.(?:org|python\.org)|files\.pythonhosted\.org)\.?(?:[/:]|$)/i;
/** Words a company's own package is named with. */
const IN_HOUSE = /(?:^|[-_.@/])(?:internal|private|corp|intranet|inhouse|in-house|priv)(?:[-_./]|$)/i;

/** Why installing `names` from `indexes` is likely a dependency confusion, or undefined. */
export function publicRegistryConfusion(
  ecosystem: Ecosystem,
  indexes: readonly string[],
  names: readonly string[],
): string | undefined {
  if (!indexes.some((index) => PUBLIC_REGISTRY.test(index))) return undefined;
  for (const name of names) {
    if (isPopularPackage(ecosystem, name)) continue;
    const scoped = ecosystem === "npm" && /^@[\w.-]+\/[\w.-]+$/.test(name);
    if (scoped || IN_HOUSE.test(name)) {
      return `installs "${name}", a name that reads as a company's own, from the public registry on purpose ` +
        "(dependency confusion: anyone can publish it there)";
    }
  }
  return undefined;
}
