/** Hit and near-miss examples for the reconnaissance rules. */

import { get, type RuleRow } from "./rule_table.ts";

export const RECON_CASES: RuleRow[] = [
  ["recon.offensive_scanners", "nmap -sV 10.0.0.0/24", "npm ci"],
  [
    "recon.cloud_metadata",
    "curl http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "curl http://localhost:8080/health",
  ],
  ["recon.listening_processes", "netstat -tulpn", "netstat -s"],
  [
    "recon.host_discovery",
    "for i in $(seq 1 254); do ping -c1 10.0.0.$i; done",
    "for f in *.md; do wc -l $f; done",
  ],
  [
    "recon.internal_service_probe",
    get("http://localhost:2375/containers/json"),
    get("http://localhost:3000/api/items"),
  ],
];
