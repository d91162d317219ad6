/** Operator commands aimed at stores, wires, groups, remote hosts and cloud logs (round 37, from heldout8's
 * misses): password-manager vaults read off disk, traffic captured for logins, accounts put into Windows admin
 * groups, pager and editor shell escapes fed as keystrokes, deletes sent to a remote Docker host or Kubernetes
 * context, Windows wildcard moves, a second engine started beside the real one, audit logs routed to another
 * place, and firewall rules opened to any source. */

import { defineRules, type HeuristicRule } from "./rule.ts";

/** Admin groups of Windows hosts and domains. */
const WINDOWS_ADMIN_GROUPS =
  "administrators|domain admins|enterprise admins|schema admins|remote desktop users|backup operators|account operators|dnsadmins";
/** Programs whose `!command` or `:!command` runs a shell (GTFOBins). */
const ESCAPING_PROGRAMS = "less|more|most|pg|man|ftp|sftp|tftp|gdb|ed|ex|vim?|nvim|view|mail|mailx";

const CREDENTIAL: Array<Omit<HeuristicRule, "category">> = [
  {
    id: "credential.password_manager_store",
    severity: "high",
    fields: ["path"],
    outsideWorkspaceOnly: true,
    pattern:
      /\/(?:vaultwarden|bitwarden|bwdata)[^/]*\/(?:[^/]+\/)*(?:db\.sqlite3|vault\.db|data\.json|rsa_key\.pem)$|\/\.config\/bitwarden\/|\/application support\/bitwarden\/|\.com\.1password\/|\/1password\/data\/|\/\.config\/(?:keepassxc|enpass)\/|[^/]\.kdbx?$/,
    description: "Reads a password manager's vault or its database",
  },
  {
    id: "credential.password_manager_copy",
    severity: "high",
    fields: ["command"],
    pattern: /^(?:docker|podman|kubectl)\s+cp\s+\S*(?:vaultwarden|bitwarden|keepass|passbolt|psono)\S*:/,
    description: "Copies a password manager's data out of its container",
  },
  {
    id: "credential.sniffed_logins",
    severity: "high",
    fields: ["shell"],
    pattern:
      /\b(?:tcpdump|tshark|ngrep|tcpflow|dumpcap)\s[^|\n]*\|\s*(?:sudo\s+)?(?:grep|egrep|rg|awk)\b[^|\n]*(?:pass|pwd|token|auth|cookie|secret|user)|(?:^|[\s;&|(])(?:dsniff|ettercap|bettercap|pcredz|net-creds|credsniff)\s/,
    description: "Captures network traffic to pick out logins, tokens or cookies",
  },
  {
    id: "credential.traffic_capture",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:tcpdump|tshark|dumpcap|tcpflow|ngrep)(?=\s)(?!.*\s-r\s)(?=.*(?:\s-[a-z]*[ax]\b|\s-w\s|\s-t\s+fields|\s-q\b.*\s-d\s|pass|pwd|token|authorization|cookie))/,
    description: "Captures network payloads (what logins and tokens travel in)",
  },
];

const PRIVILEGE: Array<Omit<HeuristicRule, "category">> = [
  {
    id: "privilege.windows_admin_group",
    severity: "high",
    fields: ["command"],
    pattern: new RegExp(
      `^net1?(?:\\.exe)?\\s+(?:localgroup|group)\\s+["']?(?:${WINDOWS_ADMIN_GROUPS})["']?\\s.*\\/add\\b|` +
        `^add-(?:localgroupmember|adgroupmember|adprincipalgroupmembership)(?=\\s).*\\s["']?(?:${WINDOWS_ADMIN_GROUPS})["']?(?:\\s|$)`,
    ),
    description: "Adds an account to a Windows or domain admin group",
  },
  {
    id: "privilege.pager_shell_escape",
    severity: "high",
    fields: ["command", "shell"],
    pattern: new RegExp(
      `^(?:${ESCAPING_PROGRAMS})(?=\\s).*\\s<<<\\s*["']?:?!|` +
        `(?:^|[;&|(]\\s*)(?:echo|printf)\\s+(?:-[a-z]+\\s+)*["']?(?::?!|:sh(?:ell)?\\b)[^|\\n]*\\|\\s*(?:sudo\\s+)?(?:${ESCAPING_PROGRAMS})\\b`,
    ),
    description: "Feeds a pager or editor a shell escape (`!command`) as keystrokes",
  },
];

const DESTRUCTIVE: Array<Omit<HeuristicRule, "category">> = [
  {
    id: "destructive.remote_docker_delete",
    severity: "medium",
    fields: ["command", "shell"],
    pattern:
      /^docker(?=\s)(?=.*\s(?:-h|--host|--context|-c)[\s=]\S)(?=.*\s(?:system\s+prune|(?:volume|container|image|network|builder)\s+(?:prune|rm)\b|rm\s+-[a-z]*f|rmi\s|stack\s+rm|service\s+rm|compose\s.*\sdown\s.*(?:-v\b|--volumes)))|\bdocker_host=\S+\s+docker\s+(?:\S+\s+)*?(?:system\s+prune|(?:volume|container|image)\s+(?:prune|rm)\b|rm\s+-[a-z]*f|rmi\s)|\bssh\s[^|;&\n]*?['"\s](?:sudo\s+)?docker\s+(?:system\s+prune|(?:volume|container|image)\s+(?:prune|rm)\b|rm\s+-[a-z]*f|rmi\s)/,
    description: "Deletes containers, images or volumes on a remote Docker host or context",
  },
  {
    id: "destructive.remote_kube_delete",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:kubectl|oc)(?=\s)(?=.*\s--(?:context|kubeconfig|cluster|server)[\s=]\S)(?=.*\sdelete\s+(?:namespaces?\b|ns\b|pvc\b|pv\b|persistentvolume|nodes?\b|crd|customresourcedefinition|all\b|.*\s--all\b|.*-a\b))/,
    description: "Deletes namespaces, volumes or whole kinds in another Kubernetes context",
  },
  {
    id: "destructive.windows_wildcard_move",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^move(?:\.exe)?\s+(?:\/[-y]\s+)*\S*\*|^move-item(?=\s)(?:.*\s-(?:path|literalpath)\s+|\s+)\S*\*/,
    description:
      "Moves every file at once with Windows `move` (a missing folder makes each overwrite the last)",
  },
];

const TAMPERING: Array<Omit<HeuristicRule, "category">> = [
  {
    id: "tampering.second_engine",
    severity: "medium",
    fields: ["command", "shell"],
    pattern:
      /^deno\s+(?:run\s+(?:\S+\s+)*?)?main\.ts\s+(?:engine|start)\b.*\s--(?:config|port)\b|^deno\s+task\s+(?:start|engine)\b.*\s--(?:config|port)\b|^parapet\s+(?:engine|start)\b|\bparapet_config=\S+\s+(?:nohup\s+|setsid\s+)?(?:\.\/)?(?:parapet|deno)\s/,
    description: "Starts another Parapet engine with its own config or port",
  },
  {
    id: "tampering.audit_log_reroute",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^gcloud\s+(?:\S+\s+)*?logging\s+sinks\s+(?:create|update)\b|^aws\s+(?:\S+\s+)*?cloudtrail\s+(?:create-trail|update-trail)(?=\s).*--s3-bucket-name|^aws\s+(?:\S+\s+)*?logs\s+put-subscription-filter\b|^az\s+monitor\s+diagnostic-settings\s+(?:create|update)(?=\s).*--(?:storage-account|event-hub|workspace)\b/,
    description: "Routes audit or activity logs to a destination (another project's bucket, a stream)",
  },
  {
    id: "tampering.world_open_firewall",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^az\s+network\s+nsg\s+rule\s+(?:create|update)(?=\s)(?=.*--access\s+allow)(?=.*--source-address-prefix(?:es)?\s+["']?(?:\*|0\.0\.0\.0\/0|internet|any)["']?(?:\s|$))/,
    description: "Opens a network security rule to any source",
  },
];

export const OPERATOR_RULES: readonly HeuristicRule[] = [
  ...defineRules("credential", CREDENTIAL),
  ...defineRules("privilege", PRIVILEGE),
  ...defineRules("destructive", DESTRUCTIVE),
  ...defineRules("tampering", TAMPERING),
];
