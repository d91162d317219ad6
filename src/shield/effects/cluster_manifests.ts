/** Cluster-wide footholds applied from standard input (round 33; Bishop Fox Bad Pods, MITRE ATT&CK T1610 and
 * T1053.007, Microsoft's Threat Matrix for Kubernetes): an admission webhook (`MutatingWebhookConfiguration`,
 * `ValidatingWebhookConfiguration`) that every matching object is sent to, a workload placed in `kube-system` (a
 * DaemonSet on every node, a CronJob, a pod among the cluster's own), and round 32's privileged or host settings in a
 * manifest that was never written to a file (`kubectl apply -f - <<EOF`, a tool's `stdin`). The commands the
 * containers run are judged as commands by the view (`kube_inputs.ts`). An application's own Deployment or CronJob
 * in its namespace passes. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { manifestInputs } from "../kube_inputs.ts";
import { privilegedManifests } from "./privileged_manifests.ts";
import { writtenEdit } from "./written_edit.ts";

const WEBHOOK = /^\s*["']?kind["']?\s*:\s*["']?(?:Mutating|Validating)(?:Admission)?WebhookConfiguration\b/m;
const WORKLOAD =
  /^\s*["']?kind["']?\s*:\s*["']?(?:DaemonSet|CronJob|Deployment|StatefulSet|Job|Pod|ReplicaSet)\b/m;
const SYSTEM_NAMESPACE = /["']?namespace["']?\s*:\s*["']?kube-system\b/;

export function judgeClusterManifests(view: ActionView, findings: Findings): void {
  const manifests = manifestInputs(view.tool, view.payload, view.segments, view.texts.get("code") ?? []);
  for (const manifest of manifests) {
    if (WEBHOOK.test(manifest)) {
      findings.escalate(
        "persistence",
        `"${view.tool}" installs an admission webhook every matching object is sent to`,
      );
    }
    if (WORKLOAD.test(manifest) && SYSTEM_NAMESPACE.test(manifest)) {
      findings.escalate(
        "persistence",
        `"${view.tool}" places a workload among the cluster's own (kube-system)`,
      );
    }
    const opened = privilegedManifests(writtenEdit(view.tool, ["stdin.yaml"], undefined, [manifest]));
    if (opened) findings.escalate("access", opened.replace('writes "stdin.yaml"', "applies a manifest"));
  }
}
