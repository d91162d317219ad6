/** Reconnaissance and offensive tooling: scanners, brute-forcers, cloud metadata endpoints. */

import { defineRules } from "./rule.ts";

export const RECON_RULES = defineRules("recon", [
  {
    id: "recon.offensive_scanners",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:nmap|masscan|zmap|nikto|sqlmap|hydra|medusa|john|hashcat|gobuster|ffuf|wfuzz|dirb|dirbuster|enum4linux|crackmapexec|netexec|nxc|responder|bloodhound\S*|impacket-\w+|evil-winrm|kerbrute|wpscan|nuclei|amass|subfinder|aircrack-ng|bettercap|ettercap)(?:\s|$)/,
    description: "Network scanners, brute-forcers and attack tools",
  },
  {
    id: "recon.cloud_metadata",
    severity: "high",
    fields: ["url", "command", "shell", "task"],
    pattern:
      /169\.254\.169\.254|fd00:ec2::254|metadata\.google\.internal|169\.254\.170\.2|100\.100\.100\.200|metadata\.azure\.com/,
    description: "Queries the cloud instance metadata service (credentials)",
  },
  {
    id: "recon.listening_processes",
    severity: "low",
    fields: ["command"],
    pattern: /^(?:netstat|ss)\s+-[a-z]*p|^lsof\s+-i\b/,
    description: "Lists processes with network sockets",
  },
  {
    id: "recon.host_discovery",
    severity: "low",
    fields: ["command", "shell"],
    pattern: /^arp-scan\b|^(?:fping|nbtscan)\s|for\s+\w+\s+in\s+(?:\$\(seq|\{1\.\.254\})[^\n]*\bping\b/,
    description: "Sweeps the local network for hosts",
  },
  {
    id: "recon.internal_service_probe",
    severity: "medium",
    fields: ["url"],
    pattern:
      /^[a-z]+:\/\/(?:[^/]*@)?(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0):(?:2375|2376|2379|6443|10250|8500|4001|5984|9200|6379|11211|27017)\b/,
    description: "Probes local admin APIs (Docker, etcd, Kubernetes, Consul, Redis \u2026)",
  },
]);
