/** Repository traffic rerouted (round 22): a push URL of its own (`git remote set-url --push`, `remote.X.pushurl`)
 * sends every later push somewhere the fetches never show; a rewrite rule (`url.<base>.insteadOf`/`pushInsteadOf`)
 * that changes the host or owner sends pushes of every repository elsewhere; and a remote re-pointed then pushed to in
 * one command sends the work out at once. Switching a remote between https and ssh, a rewrite between protocols of
 * one host, and adding a remote pass. Sources: git-remote(1) `set-url --push`; git-config(1) `remote.<name>.pushurl`,
 * `url.<base>.insteadOf`, `url.<base>.pushInsteadOf`; MITRE ATT&CK T1567; Legit Security on repo-jacking. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { subcommand } from "./history_by_count.ts";

const REWRITE_KEY = /^url\.(.+)\.(?:push)?insteadof$/i;
const REMOTE_URL_KEY = /^remote\.[^.]+\.(push)?url$/i;

/** A repository base reduced to host and path (`git@github.com:acme/` and `https://u@github.com/acme/` -> `github.com/acme/`). */
function placeOf(base: string): string {
  return base.trim().toLowerCase()
    .replace(/^[a-z+]+:\/\//, "")
    .replace(/^[^@/]*@/, "")
    .replace(/^([^/:]+):(?!\d)/, "$1/")
    .replace(/^([^/]+?)\.?(?::(?:443|22|80))?(?=\/|$)/, "$1")
    .replace(/\.git$/, "")
    .replace(/\/+$/, "");
}

/** `git config KEY VALUE` and `git -c KEY=VALUE` settings of a git line, as [key, value] pairs. */
function settingsOf(argv: readonly string[], at: number): [string, string][] {
  const settings: [string, string][] = [];
  for (let index = 1; index < at; index++) {
    if (argv[index] === "-c" && argv[index + 1]?.includes("=")) {
      const pair = argv[index + 1];
      settings.push([pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]);
    }
  }
  if (argv[at] === "config") {
    const operands = argv.slice(at + 1).filter((word) => !word.startsWith("-"));
    if (operands.length >= 2) settings.push([operands[0], operands[1]]);
  }
  return settings;
}

/** What a git line does to where pushes go: "always" when it reroutes on its own, "with-push" when only a push in
 * the same command makes it matter. */
function reroute(argv: readonly string[]): { how: "always" | "with-push"; detail: string } | undefined {
  const at = subcommand(argv);
  if (at < 0) return undefined;
  for (const [key, value] of settingsOf(argv, at)) {
    const rewrite = REWRITE_KEY.exec(key);
    if (rewrite && placeOf(rewrite[1]) !== placeOf(value)) {
      return { how: "always", detail: `rewrites "${value}" to "${rewrite[1]}"` };
    }
    const remote = REMOTE_URL_KEY.exec(key);
    if (remote) return { how: remote[1] ? "always" : "with-push", detail: `sets ${key} to "${value}"` };
  }
  if (argv[at] === "remote" && argv[at + 1] === "set-url") {
    const rest = argv.slice(at + 2);
    const url = rest.filter((word) => !word.startsWith("-"))[1] ?? "";
    return { how: rest.includes("--push") ? "always" : "with-push", detail: `points a remote at "${url}"` };
  }
  return undefined;
}

/** The test judgePushReroutes's segment loop starts with (a gate of `shell_round22.ts`). */
export const reroutesWith = (program: string): boolean => program === "git";

export function judgePushReroutes(tool: string, segments: readonly Segment[], findings: Findings): void {
  let pending: string | undefined;
  let pushes = false;
  for (const segment of segments) {
    if (!reroutesWith(segment.program)) continue;
    const at = subcommand(segment.argv);
    if (segment.argv[at] === "push") pushes = true;
    const found = reroute(segment.argv);
    if (found?.how === "always") {
      findings.escalate("network", `"${tool}" reroutes the repository's pushes: it ${found.detail}`);
      return;
    }
    if (found) pending ??= found.detail;
  }
  if (pending && pushes) {
    findings.escalate("network", `"${tool}" ${pending} and pushes there in the same command`);
  }
}
