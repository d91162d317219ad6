/** The command classes of round 33 read from the whole view (its URLs and requests, the manifests a command hands
 * the cluster): local servers that run what they are sent (`local_code_servers.ts`) and cluster-wide footholds
 * applied from standard input (`cluster_manifests.ts`). Each returns at once without its cheap sign (a loopback URL,
 * a `kubectl ... -f -` or a Kubernetes tool). One call in the profile. */

import { NEEDS } from "./check_needs.ts";
import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeLocalCodeServers } from "./local_code_servers.ts";
import { judgeClusterManifests } from "./cluster_manifests.ts";

/** `summary`: what the action holds (check_needs.ts). */
export function judgeShellRound33(view: ActionView, findings: Findings, summary: number): void {
  if (summary & NEEDS.localCodeServers) judgeLocalCodeServers(view, findings);
  if (summary & NEEDS.clusterManifests) judgeClusterManifests(view, findings);
}
