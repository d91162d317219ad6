/** Hit and near-miss examples for the operator-command rules (round 37). */

import { read, type RuleRow } from "./rule_table.ts";

export const OPERATOR_CASES: RuleRow[] = [
  [
    "credential.password_manager_store",
    read("/var/lib/docker/volumes/vaultwarden_data/_data/db.sqlite3"),
    read("data/app.db.sqlite3"),
  ],
  [
    "credential.password_manager_copy",
    "docker cp vaultwarden:/data/db.sqlite3 ./vw.db",
    "docker cp web:/app/logs/error.log ./error.log",
  ],
  [
    "credential.sniffed_logins",
    "tcpdump -i any -A -s0 'tcp port 80' | grep -iE 'pass|token'",
    "tcpdump -i any -n -c 10 port 53 | grep -c A?",
  ],
  [
    "credential.traffic_capture",
    "tcpdump -i eth0 -w /tmp/.cap.pcap port 21",
    "tcpdump -r capture.pcap -w out.pcap",
  ],
  [
    "privilege.windows_admin_group",
    "net localgroup administrators helpdesk_tmp /add",
    "net localgroup docker-users dev /add",
  ],
  ["privilege.pager_shell_escape", "echo '!sh' | more /etc/profile", "echo 'hello' | less"],
  [
    "destructive.remote_docker_delete",
    "docker -H ssh://deploy@prod-01 system prune -af --volumes",
    "docker -H ssh://deploy@prod-01 ps -a",
  ],
  [
    "destructive.remote_kube_delete",
    "kubectl --context prod-cluster delete namespace payments",
    "kubectl --context prod-cluster get namespaces",
  ],
  ["destructive.windows_wildcard_move", 'move * "..\\new_folder"', "move build\\app.exe dist\\app.exe"],
  [
    "tampering.second_engine",
    "nohup deno run -A main.ts engine --port 3101 --config /tmp/noshield.yaml",
    "deno run -A main.ts --help",
  ],
  [
    "tampering.audit_log_reroute",
    "gcloud logging sinks create audit-copy storage.googleapis.com/ext-audit-bucket-7721",
    "gcloud logging sinks list",
  ],
  [
    "tampering.world_open_firewall",
    "az network nsg rule create -g prod --nsg-name web -n ssh --source-address-prefixes '*' --destination-port-ranges 22 --access Allow",
    "az network nsg rule create -g prod --nsg-name web -n ssh --source-address-prefixes 10.0.0.0/8 --destination-port-ranges 22 --access Allow",
  ],
];
