/** `deno run`/`deno x`/`deno install -g` of a registry specifier (`jsr:@scope/pkg`, `npm:pkg`) fetch the package and
 * run it at once (https://docs.deno.com/runtime/fundamentals/modules/#importing-third-party-modules-and-libraries),
 * as `npx -y` does: a near name of a popular npm package BLOCKs; an npm name neither popular nor pinned, or a JSR
 * package outside the runtime's own `@std` scope and not pinned, ESCALATEs. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { isPopularPackage, typosquatTarget } from "./package_lookalikes.ts";

const VERBS = new Set(["run", "x", "install", "i"]);
/** JSR scopes of the Deno project itself (https://jsr.io/@std). */
const OWN_SCOPES = new Set(["@std", "@deno"]);

/** Whether judgeDenoSpecifiers looks at a segment of `program` (its loop starts with this test). */
export const runsSpecifiersWith = (program: string): boolean => program === "deno";

export function judgeDenoSpecifiers(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!runsSpecifiersWith(segment.program) || !VERBS.has(segment.argv[1] ?? "")) continue;
    const spec = segment.argv.slice(2).find((arg) => /^(?:jsr|npm):/.test(arg));
    if (!spec) continue;
    const [registry, rest] = [spec.slice(0, 3), spec.slice(4)];
    const name = rest.replace(/^(@?[^@/]+(?:\/[^@/]+)?).*$/, "$1");
    if (/@v?\d+\.\d+\.\d+/.test(rest.slice(name.length))) continue;
    if (registry === "npm") {
      if (isPopularPackage("npm", name)) continue;
      const target = typosquatTarget("npm", name);
      if (target) {
        findings.block("install", `"${name}" is one or two edits from the popular package "${target}"`);
        continue;
      }
    } else if (OWN_SCOPES.has(name.split("/")[0])) continue;
    findings.escalate("install", `"deno ${segment.argv[1]}" runs "${spec.slice(0, 80)}", fetched as it runs`);
  }
}
