/** Code taken from an owner one letter from the user's own organisation (round 39): `git submodule add
 * https://github.com/nothwind/shared-protos` when config names the organisation (`*@northwind.example` contacts,
 * or an allowed domain the user added, `northwind.dev`) or the project's own git remote does
 * (`github.com/northwind/web`, read by the app into `ownOwners`). An attacker registers the misspelt organisation and
 * mirrors its repositories (repo confusion); a clone, submodule or `git+` install from it builds or vendors their
 * code. The organisation itself and owners far from it pass; without such config or remotes nothing is known to compare with.
 * Sources: Checkmarx on GitHub organisation typosquats (2023); Legit Security on repo-jacking; Trail of Bits on
 * repository confusion. */

import type { ShieldEnvironment } from "../environment.ts";
import { DEFAULT_ALLOWED_DOMAINS } from "../environment.ts";
import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { configuredDomains } from "./recipient_classes.ts";
import { fetchedOwners, fetchesOwnersWith } from "./lookalike_owners.ts";
import { editDistance } from "./package_lookalikes.ts";

const DEFAULTS = new Set(DEFAULT_ALLOWED_DOMAINS);
/** Names shorter than this collide honestly with other owners. */
const MIN_NAME = 5;

/** The organisation names config gives (the name part of `*@domain` contacts' and user-added allowed domains) and
 * the owners of the project's own git remotes. */
export function ownNames(environment: ShieldEnvironment): Set<string> {
  const domains = [
    ...configuredDomains(environment),
    ...environment.allowedDomains.filter((domain) => !DEFAULTS.has(domain)),
  ];
  const names = new Set<string>();
  for (const domain of domains) {
    // `*.northwind.dev`, `mail.northwind.co.uk`: the longest label is the organisation's name.
    const labels = domain.toLowerCase().replace(/^\*\./, "").split(".").slice(0, -1);
    const name = labels.reduce((best, label) => label.length > best.length ? label : best, "");
    if (name.length >= MIN_NAME) names.add(name);
  }
  for (const owner of environment.ownOwners) {
    if (owner.length >= MIN_NAME) names.add(owner);
  }
  return names;
}

export function judgeOwnOwnerLookalikes(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!segments.some((segment) => fetchesOwnersWith(segment.program))) return;
  const own = ownNames(environment);
  if (own.size === 0) return;
  for (const raw of fetchedOwners(segments)) {
    const owner = raw.toLowerCase();
    if (own.has(owner)) continue;
    const squashed = owner.replace(/[-_.]/g, "");
    const imitated = [...own].find((name) =>
      squashed === name || (owner.length >= MIN_NAME && editDistance(owner, name, 1) <= 1)
    );
    if (imitated) {
      findings.escalate(
        "install",
        `takes code from "${raw}", one letter from your organisation "${imitated}"`,
      );
      return;
    }
  }
}
