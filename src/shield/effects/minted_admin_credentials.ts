/** Root or administrator credentials minted in a secret store, cloud or cluster (round 76): a Vault (or OpenBao)
 * token with the `root` policy (`vault token create -policy=root -ttl=720h`, `POST /v1/auth/token/create` with
 * `"policies": ["root"]`, hvac's `auth.token.create(policies=['root'])`, Terraform's `vault_token` with
 * `policies = ["root"]`, an MCP Vault tool's `policies` list), an auth role that hands out root
 * (`vault write auth/approle/role/x token_policies=root`), a new root token generated (`vault operator
 * generate-root -init`, `PUT /v1/sys/generate-root/attempt`), a key minted for an administrator's service account
 * (`gcloud iam service-accounts keys create --iam-account=org-owner@...`), a secret added to an administrator's
 * service principal (`az ad sp credential reset` naming one), a token for a cluster-admin or `kube-system` service
 * account (`kubectl create token`), access keys or a console password made for an admin user (`aws iam
 * create-access-key --user-name admin`, `create-login-profile`). Each is a standing power nobody asked for, which
 * outlives the session. What passes: reading a token (`vault token lookup`, `capabilities`), tokens with the app's
 * own narrow policies (`-policy=app-readonly`), keys and tokens for ordinary service accounts and users (a CI
 * deployer's key rotation is routine), `generate-root -status`/`-cancel`. Sources: HashiCorp Vault docs (token
 * create, token auth API, AppRole, operator generate-root); Rhino Security Labs' GCP and AWS privilege-escalation
 * methods (iam.serviceAccountKeys.create, iam:CreateAccessKey, iam:CreateLoginProfile); Kubernetes docs (kubectl
 * create token); MITRE ATT&CK T1098.001 (Additional Cloud Credentials), T1528. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { optionValues } from "../program_options.ts";
import { isAdminIdentity } from "./admin_identities.ts";

/** A policy list that holds `root`, in flag, call, HCL or JSON shape. */
export const ROOT_POLICY =
  /polic(?:y|ies)["']?\s*[=:]\s*[\[(]?\s*(?:["']?[\w-]+["']?\s*,\s*){0,8}["']?root(?![\w-])/i;
/** Vault's root-token generation endpoints. */
const GENERATE_ROOT_API = /\/v1\/sys\/(?:replication\/dr\/secondary\/)?generate-root\/(?:attempt|update)\b/i;

function holdsRoot(values: readonly string[]): boolean {
  return values.some((value) =>
    value.split(",").some((policy) => policy.trim().replace(/^["']|["']$/g, "") === "root")
  );
}

function judgeVault(argv: readonly string[], program: string, findings: Findings): boolean {
  const [command, sub] = [argv[1], argv[2]];
  if (command === "token" && sub === "create") {
    if (holdsRoot(optionValues(argv, ["-policy", "--policy", "-policies", "--policies"]))) {
      findings.escalate("access", `mints a ${program} token with the root policy`);
      return true;
    }
    return false;
  }
  // Round 96: a user or group of an auth method (`auth/userpass/users/guest policies=root`) as well as a role.
  if (command === "write" && /^\/?auth\/.+\/(?:roles?|users|groups)\//.test(sub ?? "")) {
    const policies = argv.slice(3).filter((arg) => /^(?:token_)?policies=/.test(arg)).map((arg) =>
      arg.slice(arg.indexOf("=") + 1)
    );
    if (holdsRoot(policies)) {
      findings.escalate("access", `gives the ${program} auth role "${sub!.slice(0, 60)}" the root policy`);
      return true;
    }
    return false;
  }
  if (command === "operator" && sub === "generate-root") {
    if (argv.some((arg) => /^--?(?:status|cancel)$/.test(arg))) return false;
    findings.escalate("access", `generates a new ${program} root token`);
    return true;
  }
  return false;
}

export function judgeMintedAdminSegments(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    const { argv, program } = segment;
    if (program === "vault" || program === "bao") {
      if (judgeVault(argv, program, findings)) return;
      continue;
    }
    if (program === "gcloud") {
      const at = argv.indexOf("service-accounts");
      if (at < 0 || argv[at + 1] !== "keys" || argv[at + 2] !== "create") continue;
      const account = optionValues(argv, ["--iam-account"])[0];
      if (account !== undefined && isAdminIdentity(account)) {
        findings.escalate(
          "access",
          `mints a key for the administrator service account "${account.slice(0, 80)}"`,
        );
        return;
      }
      continue;
    }
    if (program === "az") {
      if (!/^az (?:ad (?:sp|app) credential (?:reset|create)|ad sp create-for-rbac)\b/.test(argv.join(" "))) {
        continue;
      }
      // The principal is often found by name in a nested command: read the whole segment.
      const names = [...optionValues(argv, ["--id", "--name", "--display-name", "--role"]), ...argv];
      const admin = names.find((word) => word.length < 200 && /admin|owner|global|privileged/i.test(word));
      if (admin !== undefined) {
        findings.escalate(
          "access",
          `adds a secret to an administrator's service principal ("${admin.slice(0, 60)}")`,
        );
        return;
      }
      continue;
    }
    if (program === "kubectl" || program === "oc") {
      const at = argv.indexOf("create");
      if (at < 0 || argv[at + 1] !== "token") continue;
      const account = argv.slice(at + 2).find((arg) => !arg.startsWith("-"));
      const namespace = optionValues(argv, ["-n", "--namespace"])[0];
      if ((account !== undefined && isAdminIdentity(account)) || namespace === "kube-system") {
        findings.escalate(
          "access",
          `mints a token for the cluster service account "${(account ?? "").slice(0, 60)}"`,
        );
        return;
      }
      continue;
    }
    if (program === "aws") {
      if (
        argv[1] !== "iam" ||
        !/^(?:create-access-key|create-login-profile|update-login-profile)$/.test(argv[2] ?? "")
      ) continue;
      const user = optionValues(argv, ["--user-name"])[0];
      if (user !== undefined && isAdminIdentity(user)) {
        findings.escalate("access", `makes credentials for the administrator user "${user.slice(0, 60)}"`);
        return;
      }
    }
  }
}

/** Code, request bodies, tool arguments and infrastructure files: a root policy list or a root generation call. */
export function judgeMintedAdminText(texts: readonly string[], where: string, findings: Findings): void {
  for (const text of texts) {
    if (!text.includes("root")) continue;
    if (ROOT_POLICY.test(text)) {
      findings.escalate("access", `${where} mints a secret-store token or role with the root policy`);
      return;
    }
    if (GENERATE_ROOT_API.test(text)) {
      findings.escalate("access", `${where} generates a new secret-store root token`);
      return;
    }
  }
}
