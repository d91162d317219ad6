/** A cluster's pod protections relaxed by command (round 28): `kubectl`/`oc` labelling a namespace's Pod Security
 * level to `privileged` (or removing its enforce label), and patches that make pods or policies privileged --
 * `privileged: true`, `allowPrivilegeEscalation`, the host's PID, IPC or network namespaces, `hostPath` volumes,
 * `runAsNonRoot: false`, added `SYS_ADMIN`/`ALL` capabilities -- in merge or JSON-patch form. Tightening a level
 * (`enforce=restricted`) and patches of replicas or images pass. ESCALATE.
 * Sources: Kubernetes Pod Security Admission and securityContext docs; Bishop Fox, Bad Pods (2021); MITRE ATT&CK
 * T1611 Escape to Host. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const KUBE = new Set(["kubectl", "oc", "k", "microk8s.kubectl", "k3s"]);
const CHANGES = new Set(["patch", "label", "annotate", "set", "edit", "replace", "apply"]);
const LEVEL_OPENED = /pod-security\.kubernetes\.io\/(?:enforce|audit|warn)(?:=privileged\b|-$)/;
const PRIVILEGED_PATCH =
  /["']?(?:privileged|allowPrivilegeEscalation|hostPID|hostIPC|hostNetwork)["']?\s*(?:,\s*["']value["'])?\s*:\s*true\b|["']?runAsNonRoot["']?\s*(?:,\s*["']value["'])?\s*:\s*false\b|["']?hostPath["']?\s*:|["']add["']\s*:\s*\[[^\]]*["'](?:SYS_ADMIN|ALL|SYS_PTRACE|NET_ADMIN)["']|pod-security\.kubernetes\.io\/enforce["']?\s*:\s*["']?privileged/;

/** The test judgeRelaxedPods's segment loop starts with (a gate of `bypassed_safeguards.ts`). */
export const relaxesPodsWith = (program: string): boolean => KUBE.has(program);

export function judgeRelaxedPods(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!KUBE.has(segment.program)) continue;
    const args = segment.argv.slice(1);
    const verb = args.find((word) => !word.startsWith("-"));
    if (!verb || !CHANGES.has(verb)) continue;
    if (args.some((word) => LEVEL_OPENED.test(word))) {
      findings.escalate("security", `"${tool}" sets a namespace's pod security to privileged`);
      return;
    }
    if (verb === "patch" || verb === "set") {
      const text = args.join(" ");
      if (text.length < 64 * 1024 && PRIVILEGED_PATCH.test(text)) {
        findings.escalate(
          "security",
          `"${tool}" patches pods or their policy to run privileged or on the host`,
        );
        return;
      }
    }
  }
}
