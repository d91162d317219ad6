/** Pod protections relaxed in a written manifest (round 32; round 28's `relaxed_pods.ts` reads only `kubectl`/`oc`
 * commands): a Kubernetes manifest, kustomize patch or Helm values file (YAML or JSON) written or edited so a pod
 * runs `privileged`, with `allowPrivilegeEscalation`, in the host's PID, IPC or network namespace, with the node's
 * root or runtime socket mounted by `hostPath`, or with `SYS_ADMIN`/`ALL` capabilities added -- and the text it
 * replaces did not already say so. Restricted settings (`privileged: false`, `drop: ["ALL"]`), a `hostPath` of a
 * log folder, image bumps and edits that take such a setting out pass. ESCALATE (a CNI or node agent may need it;
 * a person says so).
 * Sources: Bishop Fox, Bad Pods: Kubernetes Pod Privilege Escalation (2021); Kubernetes Pod Security Standards;
 * Kubernetes securityContext and hostPath docs; MITRE ATT&CK T1611 Escape to Host. */

import type { WrittenEdit } from "./written_edit.ts";

const MANIFEST = /\.(?:ya?ml|json|tpl)$/;
/** Cheap literal gate: every setting below holds one of these. */
const HINT = /privileged|Privilege|host(?:PID|IPC|Network|Path)|SYS_ADMIN|ALL\b/;
/** Settings on one line (YAML or JSON keys, quoted or not). */
const ON_LINE =
  /["']?(?:privileged|allowPrivilegeEscalation|hostPID|hostIPC|hostNetwork)["']?\s*:\s*["']?true\b|["']?add["']?\s*:\s*\[[^\]]*["']?\b(?:CAP_)?(?:SYS_ADMIN|ALL|SYS_PTRACE|SYS_MODULE)\b/;
/** A YAML list item under `add:` (`add:\n  - ALL`). */
const ADDED_ITEM = /^\s*-\s*["']?(?:CAP_)?(?:SYS_ADMIN|ALL|SYS_PTRACE|SYS_MODULE)["']?\s*$/;
const ADD_KEY = /^\s*["']?add["']?\s*:\s*$/;
/** The node's root, its configuration, its runtime's socket or the kubelet's files. */
const HOST_ROOT =
  /["']?path["']?\s*:\s*["']?\/(?:|etc|root|proc|sys|home|var\/lib\/kubelet|var\/run\/docker\.sock|run\/containerd\/containerd\.sock|var\/run\/crio\/crio\.sock)\/?["']?\s*(?:[,}]|$)/;

/** The line (trimmed) that opens the pod up, when the written text adds one the removed text lacks. */
function openingLine(written: string, removed: string): string | undefined {
  const lines = written.split("\n");
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === "" || removed.includes(trimmed)) continue;
    if (ON_LINE.test(line)) return trimmed;
    // A list item under `add:`, and a root path within the few lines after `hostPath:` (or on its JSON line).
    const before = lines.slice(Math.max(0, index - 4), index);
    if (ADDED_ITEM.test(line) && before.some((above) => ADD_KEY.test(above))) return trimmed;
    if (
      HOST_ROOT.test(line) &&
      (line.includes("hostPath") || before.some((above) => above.includes("hostPath")))
    ) {
      return trimmed;
    }
  }
  return undefined;
}

export function privilegedManifests(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => MANIFEST.test(path));
  if (!file) return undefined;
  const written = edit.written;
  if (!HINT.test(written)) return undefined;
  const line = openingLine(written, edit.removed);
  if (!line) return undefined;
  return `"${edit.tool}" writes "${file}" so a pod runs privileged or on the host ("${line.slice(0, 60)}")`;
}
