/** Cluster manifests applied straight from an address (`kubectl apply -f https://...`, `oc create -f URL`, `kubectl
 * kustomize URL | kubectl apply -f -`): whatever the address serves then runs in the cluster with the user's
 * rights, as a script piped to a shell would on the machine. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const CLUSTER_CLIS = /^(?:kubectl|oc|k3s|microk8s\.kubectl|kubectl\.exe)$/;
const APPLYING = /^(?:apply|create|replace|kustomize)$/;

/** Whether judgeRemoteManifests looks at a segment of this program. */
export const appliesManifestsWith = (program: string): boolean => CLUSTER_CLIS.test(program);

export function judgeRemoteManifests(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!appliesManifestsWith(segment.program)) continue;
    const args = segment.argv.slice(1);
    if (!args.some((arg) => APPLYING.test(arg))) continue;
    for (let i = 0; i < args.length; i++) {
      const value = /^(?:-f|--filename|-k|--kustomize)$/.test(args[i])
        ? args[i + 1]
        : /^(?:--filename|-f|--kustomize|-k)=(.+)$/.exec(args[i])?.[1] ??
          (args[0] === "kustomize" ? args[i] : undefined);
      if (!value || !/^(?:https?:\/\/|github\.com\/)/i.test(value)) continue;
      const host = readHost(value.startsWith("github.com") ? `https://${value}` : value, environment);
      if (host?.loopback) continue;
      findings.escalate(
        "exec",
        `applies a manifest fetched from "${host?.host ?? value.slice(0, 60)}" to the cluster`,
      );
      return;
    }
  }
}
