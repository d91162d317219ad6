/** Security-control tampering: stopping Parapet, editing its policy, audit, config or state, erasing
 * history and logs, disabling firewalls, SELinux, AppArmor, auditing and endpoint protection. */

import { defineRules } from "./rule.ts";

export const TAMPERING_RULES = defineRules("tampering", [
  {
    id: "tampering.stop_engine",
    severity: "critical",
    fields: ["command"],
    pattern:
      /^(?:pkill|killall|kill|skill)(?=\s).*\bparapet\b|^(?:systemctl|service|launchctl|supervisorctl)\s+(?:--user\s+)?(?:stop|disable|kill|mask|unload|remove|bootout)(?:\s+-\S+)*\s+\S*parapet|^(?:pkill|killall)\s+(?:-\S+\s+)*(?:-f\s+)?\S*\bdeno\b/,
    description: "Stops or disables the Parapet engine",
  },
  {
    id: "tampering.engine_state_read",
    severity: "high",
    fields: ["path"],
    pattern: /(?:^|\/)\.engine(?:\/|$)/,
    description: "Touches the engine's private state (database, audit, logs)",
  },
  {
    id: "tampering.engine_state_write",
    severity: "critical",
    fields: ["write_path"],
    pattern: /(?:^|\/)\.engine(?:\/|$)|(?:^|\/)audit\.jsonl$/,
    description: "Changes the engine's state or audit trail",
  },
  {
    id: "tampering.policy_or_config_write",
    severity: "critical",
    fields: ["write_path"],
    pattern:
      /^(?:config\.ya?ml|security|security\/[^/]*\.ya?ml|security\/(?:shield|ifc)(?:\/.*)?)$|\/security\/(?:shield|ifc)(?:\/|$)/,
    description: "Changes Parapet's configuration or security policies",
  },
  {
    id: "tampering.history_erasure",
    severity: "high",
    fields: ["command", "shell"],
    pattern:
      /^history\s+-[a-z]*[cdw]|^unset\s+(?:-v\s+)?histfile\b|\bhistfile=\/dev\/null|^set\s+\+o\s+history|\bhist(?:file)?size=0\b|^shopt\s+-u\s+histappend|^export\s+histcontrol=ignore(?:space|both)/,
    description: "Erases or disables shell history",
  },
  {
    id: "tampering.log_files_write",
    severity: "high",
    fields: ["write_path"],
    pattern: /^\/var\/log\/|^\/var\/(?:run\/utmp|audit\/)|\/(?:wtmp|btmp|lastlog|utmp)$/,
    description: "Writes, truncates or deletes system logs",
  },
  {
    id: "tampering.log_clearing_command",
    severity: "high",
    fields: ["command"],
    pattern:
      /^journalctl(?=\s).*--vacuum-(?:time[=\s]\s*(?:0+(?:\.0+)?[a-z]*|\d+(?:\.\d+)?(?:s|secs?|seconds?|ms|msec|us|usec|m|mins?|minutes?)?|(?:\d|1\d|2[0-3])(?:h|hr|hrs|hours?))|size[=\s]\s*(?:0+(?:\.0+)?[a-z]*|\d+(?:\.\d+)?(?:b|k|kb|kib)?|[1-9](?:\.\d+)?m)|files[=\s]\s*[01])(?![\w.])|^wevtutil(?:\.exe)?\s+cl\b|^clear-eventlog\b|^auditctl\s+-[de]\s*0?|^(?:rm|shred|truncate)(?=\s).*\/var\/log\b|^logrotate\s+(?:-\w+\s+)*(?:-[a-z]*f[a-z]*|--force)\s+(?:-\w+\s+)*(?!\/etc\/logrotate\.(?:conf|d\/))\S/,
    description: "Clears system or audit logs",
  },
  {
    id: "tampering.security_service_stop",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:systemctl|service)\s+(?:stop|disable|mask|kill)\s+(?:\S+\s+)*(?:auditd|rsyslog|syslog|syslog-ng|systemd-journald|firewalld|ufw|iptables|nftables|apparmor|fail2ban|falco|osqueryd|wazuh-agent|falcon-sensor|clamav\S*|sysmon\S*|crowdstrike|ossec)\b|^(?:pkill|killall|kill)(?=\s).*\b(?:auditd|rsyslogd|journald|osqueryd|falco|wazuh|sysmon|clamd|fail2ban)/,
    description: "Stops logging, firewall or endpoint-protection services",
  },
  {
    id: "tampering.firewall_disable",
    severity: "high",
    fields: ["command", "shell"],
    pattern:
      /^ufw\s+(?:(?:--force|-f|--dry-run)\s+)*(?:disable|reset|default\s+allow)|^ip6?tables(?:-legacy|-nft)?\s+(?:(?:-w(?:\s+\d+)?|--wait(?:\s+\d+)?|-t\s+\w+|--table[= ]\w+)\s+)*(?:-f|--flush|-x|(?:-p|--policy)\s+\w+\s+accept)\b|^nft\s+flush\s+ruleset|netsh\s+(?:adv)?firewall\s+set\s+\S+\s+state\s+off|netsh\s+firewall\s+set\s+opmode\s+(?:mode\s*=\s*)?disable|set-netfirewallprofile(?=\s).*-enabled\s+(?:\$)?false|^pfctl\s+-d\b|^firewall-cmd(?=\s).*--set-default-zone[= ]trusted\b|socketfilterfw(?=\s).*--setglobalstate\s+off/,
    description: "Disables or flushes the firewall",
  },
  {
    id: "tampering.mandatory_access_control",
    severity: "high",
    fields: ["command", "shell", "content"],
    pattern:
      /^setenforce\s+(?:0|permissive)|^aa-(?:disable|complain|teardown)\b|\bselinux\s*=\s*(?:disabled|permissive)\b|^apparmor_parser\s+-r?r\s|^csrutil\s+disable|^spctl\s+--master-disable/,
    description: "Disables SELinux, AppArmor, SIP or Gatekeeper",
  },
  {
    id: "tampering.endpoint_protection",
    severity: "high",
    fields: ["command", "shell", "code"],
    pattern:
      /set-mppreference(?=\s).*-disable\w*\s+\$?(?:true|1)|add-mppreference(?=\s).*-exclusionpath|\bsc(?:\.exe)?\s+(?:stop|config)\s+windefend|\bamsiutils\b|amsiinitfailed/,
    description: "Disables antivirus, Defender or AMSI",
  },
  {
    id: "tampering.timestamp_forgery",
    severity: "low",
    fields: ["command"],
    pattern: /^touch(?=\s).*(?:\s-r\s|\s-d\s|\s-t\s|--date|--reference)/,
    description: "Forges file timestamps (anti-forensics)",
  },
  {
    id: "tampering.parapet_settings_command",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:sed|perl|awk|tee|truncate|cp|mv|ln|rm)(?=\s).*(?:security\/shield\/|security\/ifc\/|\.engine\/|audit\.jsonl)/,
    description: "Command editing Parapet's policies, state or audit trail",
  },
  {
    id: "tampering.stop_engine_pipeline",
    severity: "critical",
    fields: ["shell"],
    pattern: /\bparapet\b[^\n]*\b(?:kill|pkill|killall)\b|\b(?:kill|pkill|killall)\b[^\n]*\bparapet\b/,
    description: "Finds the Parapet process and kills it",
  },
  {
    id: "tampering.disable_setting_text",
    severity: "high",
    fields: ["task", "content", "outbound", "shell"],
    pattern:
      /\b(?:shield|heuristic_enabled|fail_closed|classifier_enabled|sandbox|audit|policy_file|tier3)[\w.]*\s*(?:to|=|:)\s*["']?(?:false|off|disabled?|0|\/dev\/null|none|permissive)\b/,
    description: "Turns off a Parapet security setting",
  },
]);
