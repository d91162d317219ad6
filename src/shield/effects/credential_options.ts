/** Options through which a program is handed the key, kubeconfig or credentials file it authenticates with
 * (`ssh -i KEY`, `kubectl --kubeconfig FILE`, `gcloud auth activate-service-account --key-file FILE`): the file is
 * used in place by the program it belongs to, never read out, so its value is no read of the file. Each from the
 * program's own documentation (man pages, `--help`). */

import { ownTable } from "../../lib/own_table.ts";
import { isSigningKeyValue } from "./signing_keys.ts";

const KUBECONFIG = ["--kubeconfig"];

/** Program -> the options whose value is a credential file it uses. */
const CREDENTIAL_OPTIONS: Readonly<Record<string, readonly string[]>> = ownTable({
  ssh: ["-i"],
  scp: ["-i"],
  sftp: ["-i"],
  autossh: ["-i"],
  "ssh-copy-id": ["-i"],
  kubectl: KUBECONFIG,
  helm: KUBECONFIG,
  k9s: KUBECONFIG,
  kubectx: KUBECONFIG,
  kubens: KUBECONFIG,
  stern: KUBECONFIG,
  flux: KUBECONFIG,
  istioctl: KUBECONFIG,
  velero: KUBECONFIG,
  kubeseal: KUBECONFIG,
  kustomize: KUBECONFIG,
  gcloud: ["--key-file", "--cred-file", "--credential-file-override"],
  az: ["-p", "--password", "--certificate"],
  docker: ["--config", "--tlskey", "--tlscert", "--tlscacert"],
  podman: ["--authfile"],
  skopeo: ["--authfile"],
  buildah: ["--authfile"],
  mysql: ["--defaults-extra-file", "--defaults-file"],
  mysqldump: ["--defaults-extra-file", "--defaults-file"],
  rclone: ["--config"],
  ansible: ["--private-key", "--key-file", "--vault-password-file"],
  "ansible-playbook": ["--private-key", "--key-file", "--vault-password-file"],
});

/** Programs that take ssh_config settings with `-o` (ssh_config(5)): `-o IdentityFile=KEY` is the key they log in
 * with, as `-i KEY` is (round 42). */
const SSH_CONFIG_PROGRAMS = new Set(["ssh", "scp", "sftp", "autossh", "ssh-copy-id"]);
const IDENTITY_FILE = /^(?:-o\s*)?identityfile(?:\s*=\s*|\s+)\S/i;

/** Whether `argv[index]` is the credential file a credential option of the program names, given apart
 * (`--kubeconfig FILE`) or glued (`--kubeconfig=FILE`). */
export function isCredentialOptionValue(program: string, argv: readonly string[], index: number): boolean {
  // Round 49: the key a local git command signs with (`-c user.signingkey=KEY commit -S`).
  if (program === "git") return isSigningKeyValue(argv, index);
  if (!Object.hasOwn(CREDENTIAL_OPTIONS, program)) return false;
  const options = CREDENTIAL_OPTIONS[program];
  if (options.includes(argv[index - 1] ?? "")) return true;
  const word = argv[index];
  if (SSH_CONFIG_PROGRAMS.has(program) && IDENTITY_FILE.test(word)) {
    return argv[index - 1] === "-o" || /^-o\s*identityfile/i.test(word);
  }
  const equals = word.indexOf("=");
  return equals > 1 && word.startsWith("--") && options.includes(word.slice(0, equals));
}

/** The credential options of a program named inside one argument (`os.system("ssh -i KEY host")`,
 * `-c core.sshCommand="ssh -i KEY"`); none for other programs. */
export function credentialOptionsOf(program: string): readonly string[] {
  return Object.hasOwn(CREDENTIAL_OPTIONS, program) ? CREDENTIAL_OPTIONS[program] : [];
}
