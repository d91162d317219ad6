/** Every container or service stopped at once (`docker stop $(docker ps -q)`, `docker rm -f $(docker ps -aq)`,
 * `podman kill --all`, `docker compose down -v` aside): the engine and whatever else the user runs go down with
 * them. One named container passes. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const RUNTIMES = new Set(["docker", "podman", "nerdctl"]);

/** Whether judgeMassStops looks at a segment of this program. */
export const stopsContainersWith = (program: string): boolean => RUNTIMES.has(program);

export function judgeMassStops(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    if (!stopsContainersWith(segment.program)) continue;
    const args = segment.argv.slice(1);
    const verb = args.find((arg) => !arg.startsWith("-"));
    if (!verb || !/^(?:stop|kill|rm|pause|restart)$/.test(verb)) continue;
    const everything = args.includes("--all") || args.includes("-a") && verb !== "rm" ||
      /\$\(\s*(?:docker|podman|nerdctl)\s+(?:container\s+)?(?:ps|ls)\b/.test(segment.text);
    if (everything) {
      findings.escalate("delete", `"${segment.text.slice(0, 60)}" stops every container at once`);
      return;
    }
  }
}
