/** Resource abuse: fork bombs, disk filling, endless loops, crypto mining, stress tools. */

import { defineRules } from "./rule.ts";

export const RESOURCE_RULES = defineRules("resource", [
  {
    id: "resource.fork_bomb",
    severity: "critical",
    fields: ["shell", "code", "content", "task"],
    pattern:
      /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}|\(\s*\)\s*\{\s*([a-z_]\w*)\s*\|\s*\1\s*&(?<=\b\1\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1\s*&)|\bwhile\s*\(?\s*(?:1|true)\s*\)?\s*:?\s*(?:do\s+)?[^\n]{0,20}\bfork\s*\(|os\.fork\(\)[^\n]{0,40}\bwhile\b|\bwhile\b[^\n]{0,40}os\.fork\(\)|%0\s*\|\s*%0|\bfork\s+while\s+fork\b|\bwhile\s*\(?\s*(?:1|true)\s*\)?\s*\{?\s*fork\b/,
    description: "Fork bomb",
  },
  {
    id: "resource.yes_to_file",
    severity: "high",
    fields: ["command"],
    pattern: /^yes(?:\s+\S+)*\s+>>?\s+(?!\/dev\/null)\S/,
    description: "Fills a file endlessly with yes",
  },
  {
    id: "resource.dd_huge",
    severity: "high",
    fields: ["command"],
    pattern:
      /^dd\s(?=.*\bif=\/dev\/(?:zero|urandom|random))(?=.*\b(?:count=\d{5,}|bs=\d+[gt]\b|bs=\d{4,}m\b))/,
    description: "dd writing gigabytes",
  },
  {
    id: "resource.dd_unbounded",
    severity: "medium",
    fields: ["command"],
    pattern: /^dd\s(?=.*\bif=\/dev\/(?:zero|urandom|random))(?!.*\bcount=)/,
    description: "dd from an endless source without a count (fills the disk)",
  },
  {
    id: "resource.endless_source_to_file",
    severity: "medium",
    fields: ["command"],
    pattern: /^(?:cat|tail|head\s+-c\s+\d{10,})\s+\/dev\/(?:zero|urandom|random)\s*>/,
    description: "Copies an endless device into a file",
  },
  {
    id: "resource.huge_allocation",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:fallocate(?=\s).*-l\s*\d{3,}[gt]|truncate(?=\s).*-s\s*\+?\d{3,}[gt]|fallocate(?=\s).*-l\s*\d+t)/,
    description: "Allocates a huge file",
  },
  {
    id: "resource.infinite_loop",
    severity: "medium",
    fields: ["shell"],
    pattern:
      /\bwhile\s+(?:true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))\s*;?\s*do\b(?![^\n]*\bsleep\b)|\bfor\s*\(\(\s*;\s*;\s*\)\)(?![^\n]*\bsleep\b)/,
    description: "Endless shell loop without a pause",
  },
  {
    id: "resource.crypto_mining",
    severity: "critical",
    fields: ["command", "shell", "code", "content", "task", "url"],
    pattern:
      /\b(?:xmrig|xmr-stak|minerd|cpuminer|cgminer|bfgminer|ethminer|nbminer|t-rex|lolminer|phoenixminer|nicehash|srbminer|teamredminer)\b|stratum\+(?:tcp|ssl|tls):\/\/|\bcryptonight\b|(?:pool\.)?(?:minexmr|supportxmr|hashvault|nanopool|moneroocean|2miners|f2pool)\.(?:com|org|pro|net)/,
    description: "Cryptocurrency mining",
  },
  {
    id: "resource.stress_tools",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:stress|stress-ng|cpuburn|burnp6|memtester)\s|^(?:md5sum|sha\d+sum|gzip)\s+\/dev\/(?:zero|urandom)\b/,
    description: "Burns CPU or memory",
  },
  {
    id: "resource.process_limit_lift",
    severity: "low",
    fields: ["command"],
    pattern: /^ulimit\s+-[a-z]*[un]\s+unlimited/,
    description: "Lifts the process or file limits",
  },
  {
    id: "resource.sleep_forever",
    severity: "low",
    fields: ["command"],
    pattern: /^sleep\s+(?:infinity|inf|\d{6,})/,
    description: "Sleeps forever (holds a slot)",
  },
  {
    id: "resource.memory_bomb",
    severity: "high",
    fields: ["code", "shell"],
    pattern:
      /\bwhile\s*\(?\s*(?:true|1)\s*\)?\s*:?[^\n]{0,80}\.(?:append|push|extend)\s*\(|for\s*\(\s*;\s*;\s*\)[^\n]{0,80}\.(?:append|push)\s*\(/,
    description: "Endless loop growing memory",
  },
  {
    id: "resource.flood_tools",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:hping3?(?=\s).*--flood|ping\s+(?:-\S+\s+)*-[a-z]*f\b|ab\s+(?:-\S+\s+)*-n\s*\d{6,}|siege\s|slowloris|loic\b|hulk\b|wrk(?=\s).*-c\s*\d{4,}|t50\s)/,
    description: "Network flood or load-attack tools",
  },
  {
    id: "resource.request_flood",
    severity: "high",
    fields: ["shell"],
    pattern:
      /(?:\$\(seq\s+\d+\s+\d{4,}\)|\bseq\s+\d+\s+\d{4,}\s*\|)[^\n]*\b(?:curl|wget|http|nc|ab)\b|xargs\s+(?:-\S+\s+)*-p\s*\d{3,}[^\n]*\b(?:curl|wget)\b/,
    description: "Thousands of parallel requests (denial of service)",
  },
  {
    id: "resource.cpu_burn_background",
    severity: "medium",
    fields: ["shell"],
    pattern:
      /\byes\s*>\s*\/dev\/null\s*&[^\n]*\byes\s*>\s*\/dev\/null|\bwhile\s+(?:true|:|\[\s*1\s*\])\s*;\s*do\b[^\n]*&\s*done/,
    description: "Background CPU burners or endless process spawning",
  },
  {
    id: "resource.endless_task",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\bloop\s+forever\b|\binfinite(?:ly)?\s+loop|\bforever\b(?:[^.\n]|\.\S){0,20}\bevery\s+(?:second|minute)\b|\bnever\s+stop\b/,
    description: "Task asking to run forever",
  },
  {
    id: "resource.mass_messaging",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\b(?:send|email|message|text)\b(?:[^.\n]|\.\S){0,40}\b(?:every|all)\s+(?:\w+\s+)?(?:addresses|address|contacts?|recipients?|users?|customers?)\b/,
    description: "Task messaging every contact",
  },
  {
    id: "resource.mass_email",
    severity: "medium",
    fields: ["recipient_list"],
    pattern: /^(?:[^,]+,){49,}/,
    description: "Email to fifty or more recipients",
  },
]);
