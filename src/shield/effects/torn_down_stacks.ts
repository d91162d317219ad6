/** Whole stacks of infrastructure torn down, or their state thrown away, by tools the cloud-CLI reading does not know
 * (round 81; h18 open_world_cloud-018 `pulumi stack rm prod --force --yes`: the stack's state and history deleted
 * while its resources keep running, unmanaged). Terraform, OpenTofu, Pulumi and CDK destroys, `terraform state rm`,
 * `aws cloudformation delete-stack`, `az group delete`, `gcloud projects delete` were already asked (rules
 * `destructive.infra_destroy`, `destructive.infra_state_surgery`, `destructive.cloud_delete`; `command_effects.ts`).
 * Here: `pulumi stack rm --force` (without `--force` Pulumi refuses a stack that still has resources), SST and
 * Serverless Framework `remove`, AWS SAM `delete`, Amplify `delete`, Copilot `app|env|svc delete`, `eksctl delete
 * cluster|nodegroup`, `kops delete cluster --yes` (without `--yes` a preview), and `helm uninstall` of a release in a
 * namespace, context or release named for production (`prod`, `production`, `prd`, `live`): ESCALATE. Helm elsewhere
 * stays cluster housekeeping, as `kubectl delete pod` is. A stack named dev, test or `pr-123` asks too: the name is a
 * label the agent chose or read, not a fact Shield can check, and the older destroys ask whatever the name (their
 * twins are plans and previews). `pulumi preview`, `terraform plan -destroy`, `pulumi stack ls`, `sst deploy`, `kind
 * delete cluster` and `minikube delete` (a local cluster) pass. Sources: Pulumi CLI `stack rm`, SST `remove`,
 * Serverless Framework `remove`, AWS SAM CLI `sam delete`, eksctl and kops docs, Helm `uninstall`. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

export const TEARDOWN_PROGRAMS = new Set([
  "pulumi",
  "sst",
  "serverless",
  "sls",
  "sam",
  "amplify",
  "copilot",
  "eksctl",
  "kops",
  "helm",
  "npx",
  "bunx",
  "pnpx",
  "pnpm",
  "yarn",
]);
const RUNNERS = /^(?:npx|bunx|pnpx|pnpm|yarn)$/;
const PRODUCTION = /(?:^|[-_./:=])(?:prod|production|prd|live)(?:$|[-_./:\d])/i;

/** The words of a command after a package runner (`npx -y sst remove` -> `sst remove`). */
function commandWords(segment: Segment): string[] {
  let argv = segment.argv;
  if (RUNNERS.test(segment.program)) {
    argv = argv.slice(1);
    while (argv.length > 0 && (argv[0].startsWith("-") || /^(?:dlx|exec|run)$/.test(argv[0]))) {
      argv = argv.slice(1);
    }
  }
  return argv;
}

function teardown(argv: readonly string[]): string | undefined {
  const program = (argv[0] ?? "").replace(/^.*\//, "");
  const args = argv.slice(1);
  const words = args.filter((arg) => !arg.startsWith("-"));
  const has = (pattern: RegExp) => args.some((arg) => pattern.test(arg));
  switch (program) {
    case "pulumi":
      return words[0] === "stack" && /^(?:rm|remove)$/.test(words[1] ?? "") &&
          has(/^(?:--force|-f|-[a-z]*f[a-z]*)$/)
        ? "removes a Pulumi stack and its state while its resources remain"
        : undefined;
    case "sst":
    case "serverless":
    case "sls":
      return words[0] === "remove" ? `removes every resource of a ${program} stage` : undefined;
    case "sam":
    case "amplify":
      return words[0] === "delete" ? `deletes the ${program} application's stack` : undefined;
    case "copilot":
      return /^(?:app|env|svc|job)$/.test(words[0] ?? "") && words[1] === "delete"
        ? `deletes a Copilot ${words[0]} and its resources`
        : undefined;
    case "eksctl":
      return words[0] === "delete" && /^(?:cluster|nodegroup|ng)$/.test(words[1] ?? "")
        ? `deletes an EKS ${words[1]}`
        : undefined;
    case "kops":
      return words[0] === "delete" && words[1] === "cluster" && has(/^--yes$|^-y$/)
        ? "deletes a Kubernetes cluster"
        : undefined;
    case "helm":
      if (!/^(?:uninstall|delete|del|un)$/.test(words[0] ?? "")) return undefined;
      return args.some((arg, index) => {
          if (/^(?:-n|--namespace|--kube-context)$/.test(args[index - 1] ?? "")) return PRODUCTION.test(arg);
          if (/^(?:--namespace|--kube-context)=/.test(arg)) {
            return PRODUCTION.test(arg.slice(arg.indexOf("=") + 1));
          }
          return !arg.startsWith("-") && index > 0 && PRODUCTION.test(arg);
        })
        ? "uninstalls a Helm release in production"
        : undefined;
  }
  return undefined;
}

export function judgeTornDownStacks(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    if (!TEARDOWN_PROGRAMS.has(segment.program)) continue;
    const argv = commandWords(segment);
    const why = teardown(argv);
    if (why) {
      findings.escalate("delete", `"${argv.slice(0, 5).join(" ")}" ${why}`);
      return;
    }
  }
}
