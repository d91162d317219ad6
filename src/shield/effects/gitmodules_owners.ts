/** A `.gitmodules` written with a submodule from a lookalike owner (round 48): `url = https://github.com/nlohrnann/json.git`
 * for `nlohmann/json`. The next `git submodule update --init` (or a recursive clone, or CI) vendors whatever that
 * owner published; `git submodule add` from such an owner was asked already (`lookalike_owners.ts`), the file written
 * by hand was not read. Well-known owners and owners near none pass. Sources: git-submodule(1) and gitmodules(5);
 * Checkmarx and Phylum on GitHub owner typosquats (2023-2024). */

import type { Findings } from "./findings.ts";
import { imitatedOwner, ownerIn } from "./lookalike_owners.ts";
import { matchesOf } from "../match_all.ts";

const GITMODULES = /(?:^|\/)\.gitmodules$/;
const URL_LINE = /^\s*url\s*=\s*(\S+)/gm;

export function judgeGitmodulesOwners(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => GITMODULES.test(path))) return;
  for (const content of contents) {
    for (const match of matchesOf(URL_LINE, content.slice(0, 64 * 1024))) {
      const owner = ownerIn(match[1]);
      const imitated = owner ? imitatedOwner(owner) : undefined;
      if (!imitated) continue;
      findings.escalate(
        "install",
        `"${tool}" adds a submodule from "${owner}", an owner that imitates ${imitated}`,
      );
      return;
    }
  }
}
