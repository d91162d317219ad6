/** The secret stores inside services' own data (round 66), as a table: where a secrets manager, a cluster, a CI
 * server or a self-hosted app keeps the keys that open everything else, as a path (lower case, absolute, or after
 * any folder where the service's data dir may be mounted: a Docker volume's `_data`, a pod's `/vault/data`, a
 * copied backup). Reading, copying or archiving one hands over every secret the service guards: Vault's barrier
 * keyring opens its whole storage, etcd's database holds every Kubernetes Secret, a k3s token joins a node to the
 * cluster, Jenkins' `master.key` decrypts its `credentials.xml`. The table feeds the secret path class
 * (`path_classes.ts`, beside the token stores of round 60 and the machine secrets of round 49) and the rule
 * `credential.service_secret_store` (`rules/stored_tokens.ts`): a plain read into the context is a question, a
 * copy, archive or upload keeps the rule's severity. What passes: the services' settings and logs
 * (`/var/lib/docker/volumes/app_logs/_data/app.log`, Vault's `config.hcl`, a pod's manifest), listings
 * (`docker volume ls`, `kubectl get pods`), `vault status`.
 * Sources: each row's documentation; MITRE ATT&CK T1552.001 Credentials in Files, T1552.007 Container API;
 * Microsoft Threat Matrix for Kubernetes. */

export interface ServiceStore {
  /** The file or folder, as a regular expression's source over a lower-cased path (it must start at a `/`). */
  readonly path: string;
  readonly holds: string;
  readonly source: string;
}

export const SERVICE_SECRET_STORES: readonly ServiceStore[] = [
  {
    path: String.raw`\/core\/(?:_keyring|_master|_?recovery-key|hsm\/_?barrier-unseal-keys)`,
    holds: "Vault's barrier keyring, root key and recovery key (file and raft storage keep them under core/)",
    source: "HashiCorp Vault docs, seal/unseal concepts and the file storage backend",
  },
  {
    path: String.raw`\/vault[^/]*\/(?:[^/]+\/)*(?:vault\.db|raft\/raft\.db|core\/master)`,
    holds: "Vault's integrated-storage database",
    source: "HashiCorp Vault docs, integrated storage (raft)",
  },
  {
    path: String
      .raw`\/(?:[^/]*unseal[-_.]?keys?(?:\.(?:json|txt|out|asc|gpg|enc))?|cluster-keys\.json|vault[-_]init[^/]*\.(?:json|txt|out))`,
    holds: "the saved output of `vault operator init`: unseal keys and the initial root token",
    source: "HashiCorp Vault on Kubernetes tutorial (vault operator init > cluster-keys.json)",
  },
  {
    path: String.raw`\/member\/(?:snap\/db|wal(?:\/|$))`,
    holds: "etcd's database and write-ahead log (every Kubernetes Secret, unencrypted by default)",
    source: "etcd docs, data model; Kubernetes docs, encrypting Secret data at rest",
  },
  {
    path: String.raw`\/acl-tokens\.json`,
    holds: "Consul's persisted agent ACL tokens",
    source: "Consul docs, acl.enable_token_persistence",
  },
  {
    path: String
      .raw`\/etc\/kubernetes\/(?:pki\/(?:[^/]+\/)*[^/]+\.key|(?:super-)?admin\.conf)|\/var\/lib\/kubelet\/(?:pki\/[^/]+\.(?:key|pem)|pods\/[^/]+\/volumes\/kubernetes\.io~(?:secret|projected)(?:\/|$))`,
    holds: "the cluster CA's and components' private keys, the admin kubeconfig, pods' mounted Secrets",
    source: "Kubernetes docs, PKI certificates and requirements; Secrets as volumes",
  },
  {
    path: String
      .raw`\/var\/lib\/rancher\/(?:k3s|rke2)\/server\/(?:token|node-token|agent-token|cred(?:\/|$)|tls\/[^/]+\.key|db(?:\/|$))|\/etc\/rancher\/(?:k3s\/k3s|rke2\/rke2)\.yaml`,
    holds: "k3s and RKE2 join tokens, the datastore, server keys and admin kubeconfig",
    source: "K3s docs, token management and cluster datastore; RKE2 docs",
  },
  {
    path: String
      .raw`\/secrets\/(?:master\.key|hudson\.util\.secret|initialadminpassword)|\/jenkins[^/]*\/(?:[^/]+\/)*credentials\.xml`,
    holds: "Jenkins' master key, the key that decrypts its stored credentials, and the credentials",
    source: "Jenkins docs, credentials storage",
  },
  {
    path: String.raw`\/gitlab-secrets\.json|\/etc\/gitlab\/initial_root_password`,
    holds: "GitLab's database, CI variable and 2FA encryption keys; the first root password",
    source: "GitLab docs, backup and restore",
  },
  {
    path: String.raw`\/grafana\.db`,
    holds: "Grafana's database: users, API keys, data-source passwords",
    source: "Grafana docs, configuration (database)",
  },
  {
    path: String.raw`\/acme\.json`,
    holds: "Traefik's ACME store: every certificate's private key",
    source: "Traefik docs, ACME certificate storage",
  },
  {
    path: String.raw`\/(?:vaultwarden|bitwarden)[^/]*\/(?:[^/]+\/)*(?:db\.sqlite3|rsa_key[^/]*)`,
    holds: "Vaultwarden's database and signing key",
    source: "Vaultwarden wiki, backing up your vault",
  },
  {
    path: String.raw`\/portainer\.db|\/gitea\/conf\/app\.ini|\/nextcloud\/config\/config\.php`,
    holds: "Portainer's database, Gitea's secret keys and tokens, Nextcloud's secret and database password",
    source: "Portainer, Gitea (config cheat sheet) and Nextcloud admin docs",
  },
  {
    path: String
      .raw`\/var\/lib\/docker\/volumes\/[^/]+\/_data\/(?:[^/]+\/)*(?:[^/]*\.(?:key|pem|p12|pfx|jks|keystore|kdbx|db|sqlite3?)|[^/]*(?:secret|credential|password|token)[^/]*|\.htpasswd|id_(?:rsa|ecdsa|ed25519))`,
    holds: "keys, databases and secret files other services keep in their Docker volumes",
    source: "Docker docs, volumes (/var/lib/docker/volumes/NAME/_data)",
  },
];

const ALTERNATIVES = SERVICE_SECRET_STORES.map((store) => store.path).join("|");

/** A store, by its lower-cased absolute path (the store itself or a file under a store folder). */
export const SERVICE_SECRET = new RegExp(`(?:${ALTERNATIVES})(?:$|\\/)`);
/** A store, in a path the rules read (also after a container's name: `vault:/vault/file/core/_keyring`). */
export const SERVICE_SECRET_PATH = new RegExp(`(?:${ALTERNATIVES})(?:(?<=\\/)|(?![\\w.-]))`, "i");
