/** Sub-agent abuse: task text asking a child agent (or a scheduled run) to do what the parent may not:
 * bypass controls, act secretly, gather and send secrets, persist, destroy, or spawn endlessly. The
 * command and path rules also run over this text (it is parsed as shell too). */

import { defineRules } from "./rule.ts";

export const SUBAGENT_RULES = defineRules("subagent", [
  {
    id: "subagent.bypass_controls",
    severity: "high",
    fields: ["task"],
    pattern:
      /\b(?:disable|bypass|turn\s+off|circumvent|evade|avoid|skip|get\s+around|work\s+around|defeat|switch\s+off)\b(?:[^.\n]|\.\S){0,64}\b(?:shield|parapet|security\s+(?:checks?|controls?|policy|policies|pipeline)|approvals?|guardrails?|audit(?:ing|\s+log)?|sandbox|monitoring|restrictions|safety\s+(?:checks?|filters?))\b/,
    description: "Asks to bypass Parapet's controls",
  },
  {
    id: "subagent.covert_action",
    severity: "high",
    fields: ["task"],
    pattern:
      /\bwithout\s+(?:asking|approval|confirmation|permission|telling|notifying|alerting|the\s+user(?:'s)?\s+(?:knowing|knowledge|consent))\b|\bdon'?t\s+(?:ask|tell|notify|inform|alert)\s+(?:the\s+)?(?:user|human|owner|admin|operator)\b|\b(?:secretly|covertly|stealthily)\b|\bhide\s+(?:this|it|the\s+\w+)\s+from\s+(?:the\s+)?(?:user|owner|admin|logs?|audit)/,
    description: "Asks to act without the user's knowledge or approval",
  },
  {
    id: "subagent.gather_secrets",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\b(?:read|cat|get|collect|gather|extract|copy|dump|grab|steal|harvest|retrieve|list)\b(?:[^.\n]|\.\S){0,50}(?:\.ssh\b|id_rsa|private\s+keys?|\.aws\b|credentials?\s+files?|(?:all\s+)?api\s+keys|\.env\b|saved\s+passwords|passwords?\s+(?:file|store|manager)|browser\s+(?:cookies|passwords|profiles?|history)|keychain|crypto\s+wallets?|\/etc\/shadow|environment\s+variables)/,
    description: "Asks to gather credentials or secrets",
  },
  {
    id: "subagent.send_secrets",
    severity: "high",
    fields: ["task"],
    pattern:
      /\b(?:send|post|upload|exfiltrate|transmit|forward|email|leak|paste|sync)\b(?:[^.\n]|\.\S){0,80}\b(?:keys?\b|credentials|passwords?|secrets?|tokens?\b(?!\s+(?:usage|count|limit|budget))|\.env\b|ssh\b|cookies|shell\s+history|\/etc\/(?:passwd|shadow))(?:[^.\n]|\.\S){0,80}\b(?:to|at|into)\s+(?:\S+@|https?:|[\w-]+\.(?:com|net|org|io|xyz|site|ru|cn|me)\b|my\s+server|external|remote|attacker|pastebin|webhook)/,
    description: "Asks to send secrets to an outside destination",
  },
  {
    id: "subagent.malware_terms",
    severity: "critical",
    fields: ["task", "content", "outbound"],
    pattern:
      /\b(?:install|deploy|write|create|build|plant|drop)\b(?:[^.\n]|\.\S){0,40}\b(?:backdoor|rootkit|keylogger|ransomware|credential\s+stealer|infostealer|trojan|botnet\s+(?:client|agent)|cryptominer|web\s*shell)\b/,
    description: "Asks to build or plant malware",
  },
  {
    id: "subagent.persistence_task",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\b(?:add|install|create|set\s+up|plant|register)\b(?:[^.\n]|\.\S){0,40}\b(?:cron\s*jobs?|crontab\s+entr|startup\s+scripts?|systemd\s+(?:service|unit|timer)|authorized_keys|ssh\s+keys?\s+(?:to|into)|launch\s*agents?|login\s+items?|git\s+hooks?)\b/,
    description: "Asks to plant a persistence mechanism",
  },
  {
    id: "subagent.destroy_task",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\b(?:delete|wipe|erase|destroy|remove|shred|overwrite)\s+(?:all|every|the\s+entire|everything|any)\b(?:[^.\n]|\.\S){0,40}\b(?:files?|data|backups?|repos?(?:itor(?:y|ies))?|databases?|disks?|home|logs?|history|snapshots?|emails?)\b/,
    description: "Asks to destroy data wholesale",
  },
  {
    id: "subagent.privilege_language",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\b(?:gain|get|obtain|escalate\s+to)\s+(?:root|admin(?:istrator)?|system)\s+(?:access|privileges?|rights|shell)\b|\bprivilege\s+escalation\b|\broot\s+shell\b|\bbecome\s+root\b/,
    description: "Asks to gain root or admin rights",
  },
  {
    id: "subagent.self_replication",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\b(?:create|spawn|start|launch)\s+(?:(?:another|more|new|\d+|many|multiple|hundreds\s+of|thousands\s+of)\s+){1,3}(?:sub-?)?agents?\b(?:[^.\n]|\.\S){0,60}\b(?:each|also|recursively|repeat|forever|infinite|loop|same\s+task)|\brecursively\s+(?:spawn|create|launch)\b|\bfork\s+(?:yourself|itself)\b/,
    description: "Asks agents to multiply",
  },
  {
    id: "subagent.policy_edit_task",
    severity: "high",
    fields: ["task"],
    pattern:
      /\b(?:edit|modify|change|delete|overwrite|rewrite|truncate|clear|wipe|disable)\b(?:[^.\n]|\.\S){0,40}(?:security\/shield|shield\s+polic|\.engine\b|audit\.jsonl|audit\s+(?:log|trail)|parapet(?:'s)?\s+(?:config|policy|settings))/,
    description: "Asks to change Parapet's policy, audit or state",
  },
  {
    id: "subagent.persistence_target",
    severity: "medium",
    fields: ["task"],
    pattern:
      /authorized_keys|\/etc\/sudoers|\/etc\/cron|\/etc\/rc\.local|\.bashrc|\.zshrc|\.profile\b|systemd\s+(?:user\s+)?(?:service|unit|timer)|launchagents?|\.git\/hooks/,
    description: "Task touching login, start-up or scheduling files",
  },
  {
    id: "subagent.container_escape_text",
    severity: "high",
    fields: ["task"],
    pattern: /docker\.sock|docker\s+socket|-v\s+\/:\/|chroot\s+\/host|--privileged|\bnsenter\b/,
    description: "Task describing a container escape",
  },
]);
