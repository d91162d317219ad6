/** Credentials a machine or a workload keeps for itself, and saved network secrets (round 49; MITRE ATT&CK T1552.001
 * Credentials In Files, T1552.007 Container API): projected service-account and workload-identity tokens a pod
 * assumes a cloud role with (`/var/run/secrets/eks.amazonaws.com/serviceaccount/token`,
 * `/var/run/secrets/azure/tokens/...`, `/var/run/secrets/kubernetes.io/serviceaccount/token`), Docker and Compose
 * secrets (`/run/secrets/NAME`), the Azure agent's provisioning file, and the pre-shared keys and passwords of saved
 * networks (NetworkManager keyfiles, wpa_supplicant, iwd, PPP, RHEL's `keys-*` files). Their non-secret neighbours
 * stay ordinary reads: a pod's `namespace` and `ca.crt`, NetworkManager.conf, `/etc/ppp/options`. Sources: Kubernetes
 * "Configure Service Accounts for Pods", AWS EKS "IAM roles for service accounts", Azure Workload Identity, Docker
 * "Manage sensitive data with Docker secrets", nm-settings-keyfile(5), wpa_supplicant.conf(5), iwd.network(5),
 * pppd(8). The commands that print the same secrets are the rule `credential.machine_secret_cli`. */

/** Such a file or folder, by its lower-cased absolute path. */
export const MACHINE_SECRET =
  /^\/(?:var\/)?run\/secrets\/(?!kubernetes\.io\/serviceaccount\/(?:namespace|ca\.crt|service-ca\.crt)$)[^/].*|^\/var\/lib\/waagent\/(?:ovf-env\.xml|[^/]+\.prv)$|^\/etc\/networkmanager\/system-connections(?:\/|$)|^\/etc\/wpa_supplicant(?:\/[^/]*)?\.conf$|^\/var\/lib\/iwd\/[^/]+\.(?:psk|8021x)$|^\/etc\/ppp\/[^/]*-secrets$|^\/etc\/sysconfig\/network-scripts\/keys-[^/]+$/;
