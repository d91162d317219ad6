/** SSH keys added to machines through a cloud's API (round 54): GCP instance or project metadata `ssh-keys`
 * (`gcloud_compute_instances_add_metadata {metadata: {"ssh-keys": "ops:ssh-ed25519 ..."}}`, `setMetadata`'s
 * `items: [{key: "ssh-keys", value}]`), AWS EC2 Instance Connect's `SSHPublicKey`, Azure's VM access extension's
 * `ssh_key`, an account's SSH key list (`public_key` on a key-creating tool). The key's holder can log in to every
 * machine that reads it: MITRE ATT&CK T1098.004. Metadata without a key (`enable-oslogin`) passes. Sources: Compute
 * Engine metadata SSH keys; AWS EC2 Instance Connect SendSSHPublicKey; Azure VMAccess extension. */

import type { Findings } from "./findings.ts";

/** An OpenSSH public key. */
const PUBLIC_KEY =
  /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[A-Za-z0-9+/]{8,}/;
const KEY_NAME = /ssh|public_?key|authorized_?keys/i;

function sshKey(value: unknown, key: string, depth: number): string | undefined {
  if (typeof value === "string") return KEY_NAME.test(key) && PUBLIC_KEY.test(value) ? key : undefined;
  if (depth > 4 || !value || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 32)) {
      const found = sshKey(item, key, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  // `items: [{key: "ssh-keys", value: "..."}]`: the entry's own key names it.
  const named = typeof record.key === "string" && KEY_NAME.test(record.key) ? record.key : undefined;
  for (const [inner, item] of Object.entries(record).slice(0, 48)) {
    const found = sshKey(item, named && inner === "value" ? named : inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function judgeInstanceSshKeys(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const key = sshKey(payload, "", 0);
  if (key !== undefined) {
    findings.escalate(
      "access",
      `"${tool}" adds an SSH key that lets its holder log in ("${key.slice(0, 40)}")`,
    );
  }
}
