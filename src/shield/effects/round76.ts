/** Round 76's checks, called once from the effect profile: powers minted or borrowed in cloud, cluster and secret
 * stores -- root or administrator credentials minted (`minted_admin_credentials.ts`), an administrator's role handed
 * to new compute or impersonated (`borrowed_admin_roles.ts`) -- and a whole home or its credential folders backed up
 * to a remote repository (`home_backups.ts`). The segment checks run only when a segment's program is one they read;
 * the text checks (code, request bodies, tool arguments, infrastructure files) start with a literal or a short
 * pattern before their own regex. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeHomeBackups } from "./home_backups.ts";
import { judgeMintedAdminSegments, judgeMintedAdminText } from "./minted_admin_credentials.ts";
import {
  judgeAdminBindings,
  judgeBorrowedRoleSegments,
  judgeBorrowedRoleText,
} from "./borrowed_admin_roles.ts";
import { manifestInputs } from "../kube_inputs.ts";
import { CODE, commandNeeds, NAMED } from "./round_plan.ts";

const PROGRAMS = new Set([
  "vault",
  "bao",
  "aws",
  "gcloud",
  "az",
  "kubectl",
  "oc",
  "helm",
  "restic",
  "rustic",
  "borg",
  "borg2",
  "duplicity",
  "duply",
  "kopia",
]);
/** What a role, account or impersonation argument needs somewhere in a text before its regex is run. */
const ROLE_GATE = /arn:|impersonat|service_?account|instance_?profile|target_?principal|as_?groups?\b/i;
/** Infrastructure files that mint tokens when applied (Terraform, Vault and Pulumi sources are read as code). */
const INFRA_FILE = /\.(?:tf|tf\.json|hcl|tfvars)$/i;
const WRITE_TYPES = new Set(["write_file", "edit_file", "append_file", "create_file", "apply_patch"]);
const KUBE_WORD = /kube|k8s|cluster|manifest/i;
const MAX_ARGUMENT_CHARS = 16 * 1024;

/** What the round reads of a command (speed round 37, `round_plan.ts`): its programs and `kubectl`/`oc`, an
 * impersonation header in its line, a cluster tool's name, code. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => PROGRAMS.has(program) || program === "kubectl" || program === "oc",
  words: [/mpersonate-/],
  facts: CODE | NAMED,
});

export function judgeRound76(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  const shell = view.texts.get("shell");
  if (view.segments.length > 0 && view.segments.some((segment) => PROGRAMS.has(segment.program))) {
    judgeHomeBackups(view.segments, shell, environment, findings);
    judgeMintedAdminSegments(view.segments, findings);
    judgeBorrowedRoleSegments(view.segments, findings);
  }
  if (
    view.segments.some((segment) => segment.program === "kubectl" || segment.program === "oc") ||
    KUBE_WORD.test(view.tool)
  ) {
    const manifests = manifestInputs(view.tool, view.payload, view.segments, view.texts.get("code") ?? []);
    if (manifests.length > 0) judgeAdminBindings(manifests, `"${view.tool}"`, findings);
  }
  // `curl -H "Impersonate-Group: system:masters"`: the header is read in the command's text.
  if (shell !== undefined && shell.some((text) => text.includes("mpersonate-"))) {
    judgeBorrowedRoleText(shell, `"${view.tool}"`, findings);
  }
  const code = view.texts.get("code");
  if (code !== undefined) {
    judgeMintedAdminText(code, "code", findings);
    if (code.some((text) => ROLE_GATE.test(text))) judgeBorrowedRoleText(code, "code", findings);
  }
  if (view.type === "execute_command") return;
  if (WRITE_TYPES.has(view.type)) {
    if (view.writePaths.some((path) => INFRA_FILE.test(path.absolute))) {
      judgeMintedAdminText(view.texts.get("content") ?? [], "an infrastructure file", findings);
    }
    return;
  }
  // Tool arguments (an SDK-shaped call, an MCP cloud or cluster tool, an HTTP request with its headers and body).
  const text = JSON.stringify(view.calledPayload);
  if (text === undefined || text.length > MAX_ARGUMENT_CHARS) return;
  judgeMintedAdminText([text], `"${view.tool}"`, findings);
  if (ROLE_GATE.test(text) || text.includes("Impersonate-")) {
    judgeBorrowedRoleText([text], `"${view.tool}"`, findings);
  }
}
