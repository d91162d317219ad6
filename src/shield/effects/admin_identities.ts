/** Whether a cloud or cluster identity is an administrator's, by its name (round 76): an IAM role or instance profile
 * (`arn:aws:iam::1:role/OrgAdminRole`, `Name=AdminInstanceProfile`, `OrganizationAccountAccessRole`), a Google service
 * account (`org-owner@p.iam.gserviceaccount.com`: the part before `@`, never the project), a Kubernetes user, group
 * or service account (`system:masters`, `system:admin`, `cluster-admin`, anything in `kube-system`), an Azure role
 * (`Owner`, `Contributor`, `User Access Administrator`). Only the identity's own name is read, so a project or
 * account id that happens to hold such a word (`ci@admin-portal.iam.gserviceaccount.com`) is not one. Narrow
 * execution roles (`thumbs-lambda-exec`, `api-runtime@...`) are not. */

const ADMIN_WORD =
  /admin|owner|(?:^|[^a-z])root|superuser|super-user|fullaccess|full-access|poweruser|power-user|break-?glass|organizationaccountaccess|system:masters|god-?mode|privileged/i;
const AZURE_ADMIN_ROLE = /^(?:owner|contributor|user access administrator|.*administrator)$/i;

/** The identity's own name inside an ARN, a `Name=`/`Arn=` shorthand, an e-mail or a Kubernetes name. */
export function identityName(value: string): string {
  let name = value.trim().replace(/^["']|["']$/g, "").replace(/^(?:Name|Arn)=/i, "");
  if (/^system:serviceaccount:/i.test(name)) return name;
  name = name.split("@")[0];
  if (/^arn:/i.test(name)) name = name.replace(/^arn:[^:]*:[^:]*:[^:]*:[^:]*:/i, "");
  const slash = name.lastIndexOf("/");
  return slash >= 0 ? name.slice(slash + 1) : name;
}

/** Whether the value names an administrator's identity. */
export function isAdminIdentity(value: string): boolean {
  if (value.length === 0 || value.length > 300) return false;
  const name = identityName(value);
  if (/^system:serviceaccount:kube-system:/i.test(name)) return true;
  return ADMIN_WORD.test(name);
}

/** Whether an Azure role name (as given to `--role`) is an administrator's. */
export function isAdminAzureRole(value: string): boolean {
  const name = value.trim().replace(/^["']|["']$/g, "");
  return AZURE_ADMIN_ROLE.test(name) || isAdminIdentity(name);
}
