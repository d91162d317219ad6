/** An administrator's role handed to new compute, or an administrator impersonated (round 76). Passing a role to
 * something that runs code is running code as that role (AWS `iam:PassRole`): `aws lambda create-function --role
 * .../OrgAdminRole`, `aws ec2 run-instances --iam-instance-profile Name=AdminProfile`, CloudFormation, Glue,
 * SageMaker, ECS and CodeBuild `--role-arn`/`--task-role-arn`/`--service-role`, boto3's `Role=`/`taskRoleArn=`,
 * an SDK-shaped or MCP call's `Role`/`RoleArn`/`IamInstanceProfile` argument; Google's `--service-account` of an owner
 * account on `compute instances create`, `functions deploy`, `run deploy`; an Azure managed identity given `Owner`
 * or `Contributor` (`az vm create --assign-identity --role Owner`). Impersonation borrows the power directly:
 * `kubectl --as=system:admin --as-group=system:masters`, `Impersonate-User`/`Impersonate-Group` headers on a raw API
 * call, an MCP Kubernetes tool's `impersonate` argument, `gcloud --impersonate-service-account=` or `config set
 * auth/impersonate_service_account` to an owner account, `aws sts assume-role` into an admin role, and reading
 * secrets as anyone else (`kubectl get secrets --as=jane`). What counts as an administrator is read from the identity's
 * own name (`admin_identities.ts`). What passes: compute given its own narrow role (`thumbs-lambda-exec`,
 * `api-runtime@...`), read-only listings (`aws iam list-roles`, `gcloud ... describe`), and impersonating an ordinary
 * user for what is not secret (`kubectl --as=jane get pods -n team-a`, `kubectl auth can-i --list --as=...`), the usual
 * way to check access. Sources: Rhino Security Labs' AWS and GCP privilege-escalation methods (PassRole with
 * Lambda, EC2, Glue, CloudFormation, SageMaker, ECS; actAs with Compute and Cloud Functions); Kubernetes docs (user
 * impersonation); Google Cloud docs (service account impersonation); NetSPI on Azure managed identities; MITRE
 * ATT&CK T1098, T1078.004, T1548. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { optionValues } from "../program_options.ts";
import { isAdminAzureRole, isAdminIdentity } from "./admin_identities.ts";

const AWS_ROLE_OPTIONS = [
  "--role",
  "--role-arn",
  "--iam-instance-profile",
  "--task-role-arn",
  "--execution-role-arn",
  "--service-role",
  "--service-role-arn",
  "--instance-profile-name",
  "--job-role-arn",
];
/** Subcommand words that only read. */
const READ_SUB = /^(?:list|get|describe|show|view|lookup|wait|help)(?:-|$)/;
const KUBE_AS = ["--as", "--as-group", "--as-uid", "--kube-as-user", "--kube-as-group"];
/** A key that names the role or account compute runs as, or an identity to impersonate, then its value. */
export const ROLE_ARGUMENT =
  /\b(Role|RoleArn|role_?arn|task_?Role_?Arn|execution_?Role_?Arn|Iam_?Instance_?Profile|Service_?Role(?:_?Arn)?|service_?account(?:_?email)?|target_?principal|impersonat\w*|as_?user|as_?groups?|Impersonate-(?:User|Group))["']?\s*[=:]\s*[\[{(]?\s*(?:["']?(?:Arn|Name|user|email|groups?)["']?\s*(?:=|:(?![a-z]))\s*)?[\[(]?\s*["']?([^"'\s,)}\]]{1,200})/gi;

function subWords(argv: readonly string[]): string[] {
  return argv.slice(1).filter((arg) => !arg.startsWith("-")).slice(0, 3);
}

function judgeKube(argv: readonly string[], program: string, findings: Findings): boolean {
  const values = optionValues(argv, KUBE_AS);
  if (values.length === 0) return false;
  const admin = values.find(isAdminIdentity);
  if (admin !== undefined) {
    findings.escalate("access", `runs ${program} as the cluster administrator "${admin.slice(0, 60)}"`);
    return true;
  }
  // Impersonating anyone to read secrets is reading them as someone the caller is not.
  const words = argv.slice(1).filter((arg) => !arg.startsWith("-"));
  if (
    words.some((word) => /^(?:get|describe|edit)$/.test(word)) &&
    words.some((word) => /^secrets?\b/.test(word))
  ) {
    findings.escalate("access", `reads cluster secrets as "${values[0].slice(0, 60)}"`);
    return true;
  }
  return false;
}

export function judgeBorrowedRoleSegments(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    const { argv, program } = segment;
    if (program === "kubectl" || program === "oc" || program === "helm") {
      if (judgeKube(argv, program, findings)) return;
      continue;
    }
    if (program === "aws") {
      const sub = subWords(argv);
      if (sub.slice(1).some((word) => READ_SUB.test(word))) continue;
      const role = optionValues(argv, AWS_ROLE_OPTIONS).find(isAdminIdentity);
      if (role !== undefined) {
        findings.escalate(
          "access",
          `"aws ${sub.join(" ")}" runs as the administrator role "${role.slice(0, 80)}"`,
        );
        return;
      }
      continue;
    }
    if (program === "gcloud") {
      const sub = subWords(argv);
      const impersonated = optionValues(argv, ["--impersonate-service-account"]).find(isAdminIdentity) ??
        (sub[0] === "config" && sub[1] === "set" && /^auth\/impersonate_service_account$/.test(sub[2] ?? "")
          ? argv.slice(argv.indexOf(sub[2]) + 1).find((arg) => !arg.startsWith("-") && isAdminIdentity(arg))
          : undefined);
      if (impersonated !== undefined) {
        findings.escalate(
          "access",
          `acts as the administrator service account "${impersonated.slice(0, 80)}"`,
        );
        return;
      }
      if (sub.some((word) => READ_SUB.test(word))) continue;
      const attached = optionValues(argv, ["--service-account"]).find(isAdminIdentity);
      if (attached !== undefined) {
        findings.escalate(
          "access",
          `"gcloud ${sub.join(" ")}" runs as the administrator service account "${attached.slice(0, 80)}"`,
        );
        return;
      }
      continue;
    }
    if (program === "az") {
      const text = argv.join(" ");
      if (!/--assign-identity|\bidentity assign\b|--mi-system-assigned|--system-assigned/.test(text)) {
        continue;
      }
      const role = optionValues(argv, ["--role"]).find(isAdminAzureRole);
      if (role !== undefined) {
        findings.escalate("access", `gives a new managed identity the "${role.slice(0, 60)}" role`);
        return;
      }
    }
  }
}

const BINDING_KIND = /^\s*["']?kind["']?\s*:\s*["']?(Cluster)?RoleBinding\b/m;
const ROLE_REF_NAME = /roleRef["']?\s*:[\s\S]{0,240}?["']?name["']?\s*:\s*["']?([\w:.-]+)/;

/** Manifests handed to the cluster (applied from standard input or by a cluster tool): a ClusterRoleBinding to an
 * administrator's ClusterRole (`cluster-admin`, `admin`), or a namespaced RoleBinding to `cluster-admin`. A
 * RoleBinding to `admin`, `edit` or `view` in one namespace is the usual way to give a team its namespace. */
export function judgeAdminBindings(manifests: readonly string[], where: string, findings: Findings): void {
  for (const manifest of manifests) {
    const kind = BINDING_KIND.exec(manifest);
    if (!kind) continue;
    const role = ROLE_REF_NAME.exec(manifest)?.[1];
    if (role === undefined || !(kind[1] ? isAdminIdentity(role) : role === "cluster-admin")) continue;
    findings.escalate(
      "access",
      `${where} binds the administrator role "${role.slice(0, 60)}" in the cluster`,
    );
    return;
  }
}

/** Code, request headers and tool arguments: a role, account or impersonation key whose value is an
 * administrator's. The tool or code must also create, run or call something with it (checked by the caller's
 * gate), so a listing of role names is not read. */
export function judgeBorrowedRoleText(texts: readonly string[], where: string, findings: Findings): void {
  for (const text of texts) {
    ROLE_ARGUMENT.lastIndex = 0;
    let match: RegExpExecArray | null;
    let count = 0;
    while ((match = ROLE_ARGUMENT.exec(text)) !== null && count++ < 32) {
      const [, key, value] = match;
      const impersonation = /impersonat|^as_?|target/i.test(key);
      // A bare `role`/`Role` is a role only as an ARN (`{ role: "admin" }` in an app's code is a user's field); an
      // account only as an e-mail or a cluster service account.
      if (/^role$/i.test(key) && !/^arn:/i.test(value)) continue;
      if (/account|principal/i.test(key) && !/@|^system:serviceaccount:/i.test(value)) continue;
      if (!isAdminIdentity(value)) continue;
      findings.escalate(
        "access",
        impersonation
          ? `${where} impersonates the administrator "${value.slice(0, 80)}"`
          : `${where} runs something as the administrator identity "${value.slice(0, 80)}"`,
      );
      return;
    }
  }
}
