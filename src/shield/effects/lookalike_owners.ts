/** Code taken from a lookalike owner (round 22): `git clone`, `git submodule add`, `pip install git+...`, `npm i
 * github:...`, `cargo install --git ...` from a GitHub/GitLab/Bitbucket owner spelled with a digit for a letter
 * (`acme-c0rp`, `micros0ft`, `hashlcorp` is caught by edit), one edit from a well-known owner (`hugginface`,
 * `vercell`, `kubernetes-sig`) or a well-known owner with its hyphens moved (`kubernetessigs`). The clone builds or
 * vendors whatever that owner published. Well-known owners and the names not near one pass. Go modules are judged
 * by `go_lookalikes.ts`. Sources: Checkmarx and Phylum reports on GitHub organisation typosquats (2023-2024);
 * Legit Security on repo-jacking; Trail of Bits on repository confusion. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { editDistance } from "./package_lookalikes.ts";
import { POPULAR_GO_OWNERS } from "./data/popular_go.ts";
import { POPULAR_SOURCE_OWNERS } from "./data/popular_orgs.ts";
import { ownTable } from "../../lib/own_table.ts";

const KNOWN = new Set(
  `${POPULAR_GO_OWNERS} ${POPULAR_SOURCE_OWNERS}`.split(/\s+/).filter(Boolean).map((owner) =>
    owner.toLowerCase()
  ),
);
const UNHYPHENATED = new Map([...KNOWN].map((owner) => [owner.replace(/[-_.]/g, ""), owner]));
/** The owner of a source-host address (a trailing dot and a port on the host change nothing). */
const OWNER_IN =
  /(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\.?(?::\d+)?[/:]([\w.-]+)\/|^(?:github|gitlab|bitbucket):([\w.-]+)\//i;
/** Programs that clone or install from a source host, and the verbs that do so. */
const FETCHERS: Record<string, RegExp> = ownTable({
  git: /^(?:clone|submodule|subtree|fetch|pull)$/,
  pip: /^(?:install|download)$/,
  pip3: /^(?:install|download)$/,
  uv: /^(?:pip|add|tool)$/,
  pipx: /^(?:install|run)$/,
  npm: /^(?:i|install|add)$/,
  pnpm: /^(?:i|install|add)$/,
  yarn: /^(?:add|install)$/,
  bun: /^(?:add|install|i)$/,
  cargo: /^install$/,
  gh: /^repo$/,
});

/** Whether `owner` is one of the well-known owners of the shipped lists. */
export function knownOwner(owner: string): boolean {
  return KNOWN.has(owner.toLowerCase());
}

/** The owner named by a source-host address (`https://github.com/o/r`, `git@gitlab.com:o/r`, `github:o/r`). */
export function ownerIn(address: string): string | undefined {
  const match = OWNER_IN.exec(address);
  return match?.[1] ?? match?.[2];
}

/** The well-known owner an owner imitates, or the reason it reads as a disguise; undefined when it does not. */
export function imitatedOwner(raw: string): string | undefined {
  const owner = raw.toLowerCase();
  if (KNOWN.has(owner)) return undefined;
  if (/[a-z][01]+[a-z]/.test(owner)) {
    // A word whose only digits stand between letters where `o` or `l` would (`c0rp`, `g00gle`), not `s0md3v`.
    const letters = (part: string) =>
      part.replace(/(?<=[a-z])[01]+(?=[a-z])/g, (digits) => digits.replaceAll("0", "o").replaceAll("1", "l"));
    const disguised = owner.split(/[-_.]/).some((part) =>
      /[a-z][01]+[a-z]/.test(part) && /^[a-z]{3,}$/.test(letters(part))
    );
    if (disguised) return `"${letters(owner)}" spelled with a digit`;
  }
  const glued = UNHYPHENATED.get(owner.replace(/[-_.]/g, ""));
  if (glued) return `"${glued}"`;
  // Letters drawn alike (round 48): `nlohrnann` for `nlohmann`, `rnicrosoft`, `vvebpack`, `clocker`.
  const drawn = owner.replace(/rn/g, "m").replace(/vv/g, "w").replace(/cl/g, "d");
  if (drawn !== owner && KNOWN.has(drawn)) return `"${drawn}" with letters drawn alike`;
  if (owner.length < 5) return undefined;
  for (const known of KNOWN) {
    if (known.length >= 5 && editDistance(owner, known, 1) <= 1) return `"${known}"`;
  }
  return undefined;
}

/** The test judgeLookalikeOwners's segment loop starts with (a gate of `shell_round22.ts`). */
export const fetchesOwnersWith = (program: string): boolean => FETCHERS[program] !== undefined;

/** The source-host owners the command's cloning and installing segments take code from (`git submodule add
 * https://github.com/o/r` -> `o`). */
export function fetchedOwners(segments: readonly Segment[]): string[] {
  const owners: string[] = [];
  for (const segment of segments) {
    const verbs = FETCHERS[segment.program];
    if (!verbs || !verbs.test(segment.argv[1] ?? "")) continue;
    for (const word of segment.argv.slice(2, 24)) {
      const owner = ownerIn(word);
      if (owner) owners.push(owner);
    }
  }
  return owners;
}

export function judgeLookalikeOwners(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const owner of fetchedOwners(segments)) {
    const imitated = imitatedOwner(owner);
    if (!imitated) continue;
    findings.escalate("install", `"${tool}" takes code from "${owner}", an owner that imitates ${imitated}`);
    return;
  }
}
