/** Exfiltration: data sent to paste sites, request catchers, tunnels, cloud uploads, raw IPs or DNS, and
 * secrets (keys, tokens, env dumps, password files) inside outbound bodies. Ordinary outside hosts pass. */

import { defineRules } from "./rule.ts";

const PASTE_SITES = String
  .raw`(?:[\w-]+\.)*(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|dpaste\.(?:com|org)|rentry\.(?:co|org)|privatebin\.\w+|paste\.rs|termbin\.com|ix\.io|sprunge\.us|0x0\.st|transfer\.sh|file\.io|tmpfiles\.org|catbox\.moe|anonfiles\.com|gofile\.io|bashupload\.com|temp\.sh|oshi\.at|controlc\.com|justpaste\.it|clbin\.com|x0\.at|uguu\.se|pastes\.io|paste\.mozilla\.org|paste\.debian\.net|pastebin\.pl|katb\.in|defuse\.ca)`;
const CATCHERS = String
  .raw`(?:webhook\.site|requestbin\.(?:com|net)|pipedream\.net|requestcatcher\.com|beeceptor\.com|hookbin\.com|mockbin\.(?:org|io)|postb\.in|ptsv[23]\.com|burpcollaborator\.net|oastify\.com|interact\.sh|interactsh\.com|\.oast\.(?:pro|live|site|online|fun|me)|canarytokens\.(?:com|org)|dnslog\.(?:cn|link)|ceye\.io|ngrok(?:-free)?\.(?:io|app|dev)|trycloudflare\.com|serveo\.net|localtunnel\.me|\.loca\.lt|pagekite\.me|requestinspector\.com|webhook\.cool|hookdeck\.com|smee\.io|xip\.io|nip\.io|sslip\.io)`;
// Not inside a longer number: `127.0.0.1` must not match from its `27.`.
const PUBLIC_IP = String
  .raw`(?<![\d.])(?!127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|0\.0\.0\.0|169\.254\.)\d{1,3}(?:\.\d{1,3}){3}`;
const SECRET_FILES = String
  .raw`(?:\.ssh(?:/(?!known_hosts|authorized_keys|config\b|[\w.-]+\.pub)|\s|$)|\.aws(?:/|\s|$)|\.gnupg|/etc/shadow|/etc/passwd|\.kube/config|\.netrc|\.git-credentials|_history\b|id_rsa(?!\.pub)|id_ed25519(?!\.pub)|/proc/self/environ|\.docker/config\.json|wallet\.dat|\.password-store)`;
const SENSITIVE = String.raw`(?:${SECRET_FILES}|\.env(?![\w.-]))`;
const NET_TOOLS = String
  .raw`(?:\b(?:nc|ncat|netcat|curl|wget|socat|scp|rsync|ftp|sftp|tftp|telnet|mail|mailx|sendmail|mutt|swaks|aws\s+s3|gsutil|rclone|azcopy|smbclient)\b|(?<!\.)\bssh\s)`;
const UPLOAD_FLAG = String
  .raw`(?:-d|--data\S*|-f|--form\S*|-t|--upload-file|--post-data|--post-file|--body-file|--data-binary)`;

export const EXFILTRATION_RULES = defineRules("exfiltration", [
  {
    id: "exfiltration.paste_site",
    severity: "medium",
    fields: ["url"],
    pattern: new RegExp(String.raw`^(?:[a-z]+://)?${PASTE_SITES}(?:[:/?#]|$)`),
    description: "Contacts a paste or anonymous file-drop site",
  },
  {
    id: "exfiltration.paste_site_upload",
    severity: "high",
    fields: ["request", "command"],
    pattern: new RegExp(
      String
        .raw`^(?:post|put|patch) \S*${PASTE_SITES}|^(?:curl|wget|http|https|xh)(?=\s)(?=.*\s${UPLOAD_FLAG}\b)(?=.*${PASTE_SITES})|^(?:nc|ncat|netcat)\s+termbin\.com\b`,
    ),
    description: "Uploads data to a paste or anonymous file-drop site",
  },
  {
    id: "exfiltration.request_catcher",
    severity: "high",
    fields: ["url", "command", "shell", "outbound", "task"],
    pattern: new RegExp(CATCHERS),
    description: "Sends data to a request catcher, collaborator or public tunnel",
  },
  {
    id: "exfiltration.cloud_upload",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:aws\s+s3\s+(?:cp|sync|mv)\s+(?:-\S+\s+)*(?!s3:\/\/)\S+\s+s3:\/\/|aws\s+s3api\s+put-object\b|gsutil\s+(?:-\S+\s+)*(?:cp|rsync|mv)\s+(?:-\S+\s+)*(?!gs:\/\/)\S+\s+gs:\/\/|gcloud\s+storage\s+(?:cp|rsync)\s+(?!gs:\/\/)\S+\s+gs:\/\/|azcopy\s+(?:copy|cp|sync)\s+(?!https?:)\S+\s+https?:|az\s+storage\s+(?:blob|file)\s+upload|rclone\s+(?:copy|sync|move|copyto)\s+(?!\S+:)\S+\s+\S+:|s3cmd\s+(?:put|sync)\s+(?!s3:)|b2\s+upload|mc\s+(?:cp|mirror)\s+(?:-\S+\s+)*(?!\S+\/\S+:)\S+\s)/,
    description: "Uploads local data to cloud storage",
  },
  {
    id: "exfiltration.cloud_upload_sensitive",
    severity: "high",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`^(?:aws\s+s3|gsutil|gcloud\s+storage|rclone|azcopy|s3cmd|mc)(?=\s).*\s(?:~/?|\$\{?home\}?/?|/|/etc\S*|/home\S*|/root\S*|/users/\S*|\S*${SENSITIVE}\S*)\s+\S`,
    ),
    description: "Uploads the home directory, system files or secrets to cloud storage",
  },
  {
    id: "exfiltration.http_upload_sensitive_file",
    severity: "high",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`^(?:curl|wget|http|https|xh)(?=\s).*(?:@|--upload-file\s+|-t\s+|--post-file=?\s*|--body-file=?\s*)(?:~|/etc/|/root/|/home/|/users/|\$\{?home|/var/|/run/|/proc/|\.\./|\S*${SENSITIVE})`,
    ),
    description: "HTTP upload of a system, home or secret file",
  },
  {
    id: "exfiltration.http_command_output",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:curl|wget|http|https|xh)(?=\s).*\$\((?:cat|env|printenv|base64|tar|gzip|xxd|od|id|whoami|hostname|uname|ls|find|history|ifconfig|ip\s|set\b|git\s+config|head|tail)/,
    description: "HTTP request carrying the output of a local command",
  },
  {
    id: "exfiltration.pipe_to_socket",
    severity: "high",
    fields: ["shell"],
    pattern:
      /\b(?:cat|tar|zip|gzip|base64|xxd|env(?=\s*\|)|printenv|history|mysqldump|pg_dump|dd|find|ls)\b[^|;&\n]*\|[^;&\n]*\b(?:nc|ncat|netcat|socat|telnet|s_client)\b/,
    description: "Pipes local data into a raw network connection",
  },
  {
    id: "exfiltration.pipe_to_http",
    severity: "medium",
    fields: ["shell"],
    pattern:
      /\b(?:cat|tar|zip|gzip|base64|xxd|env(?=\s*\|)|printenv|history|mysqldump|pg_dump|dd)\b[^|;&\n]*\|[^;&\n]*\b(?:curl|wget|http|xh)\b[^;&\n]*(?:-d|--data\S*|-f|-t|--upload-file|@-)/,
    description: "Pipes local data into an HTTP upload",
  },
  {
    id: "exfiltration.sensitive_file_to_network",
    severity: "critical",
    fields: ["shell", "code"],
    pattern: new RegExp(String.raw`${SECRET_FILES}[^\n]*${NET_TOOLS}|${NET_TOOLS}[^\n]*${SECRET_FILES}`),
    description: "A secret or system file and a network tool in the same command",
  },
  {
    id: "exfiltration.socket_file_redirect",
    severity: "high",
    fields: ["command"],
    pattern: /^(?:nc|ncat|netcat|telnet|socat)(?=\s).*\s<\s+(?!\/dev\/null(?:\s|$))\S+/,
    description: "Feeds a file into a raw network connection",
  },
  {
    id: "exfiltration.dns_tunnel_lookup",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:dig|nslookup|host|drill|resolvectl\s+query|ping|ping6)(?=\s).*(?:\$\(|\$\{|[a-z0-9+=_-]{40,}\.|(?:[a-z0-9_-]{16,}\.){3,})/,
    description: "DNS lookup carrying data in the hostname (DNS tunnelling)",
  },
  {
    id: "exfiltration.substitution_in_hostname",
    severity: "high",
    fields: ["shell", "code"],
    pattern:
      /(?:\$\([^)\n]{1,200}\)|`[^`\n]{1,200}`|\$\{?[a-z_]+\}?)\.(?:[a-z0-9-]+\.)+(?:com|net|org|io|xyz|site|top|info|me|sh|cc|ru|cn|app|dev|link|live|pro|tk)\b/,
    description: "Command output placed into a hostname (DNS exfiltration)",
  },
  {
    id: "exfiltration.dns_tunnel_tools",
    severity: "critical",
    fields: ["command", "shell", "code"],
    pattern: /\b(?:iodine|iodined|dnscat2?|dns2tcp|dnsexfiltrator|dnsteal|dnscapy)\b/,
    description: "DNS tunnelling tools",
  },
  {
    id: "exfiltration.long_subdomain_url",
    severity: "medium",
    fields: ["url"],
    pattern: /^[a-z]+:\/\/(?:[a-z0-9-]+\.)*[a-z0-9+=_-]{48,}\.[a-z0-9.-]+/,
    description: "URL whose hostname carries a long encoded label",
  },
  {
    id: "exfiltration.icmp_payload",
    severity: "high",
    fields: ["command"],
    pattern: /^(?:ping|hping3|nping)(?=\s).*(?:-p\s+[0-9a-f]{8,}|--data\s+\S{16,}|-e\s+\S{16,})/,
    description: "ICMP packets carrying a data payload",
  },
  {
    id: "exfiltration.private_key_outbound",
    severity: "critical",
    fields: ["outbound", "request", "task", "command", "url"],
    pattern: /-----begin[ +](?:[a-z0-9]+[ +])*private[ +]key-----|putty-user-key-file-\d/,
    description: "Sends private key material",
  },
  {
    id: "exfiltration.cloud_key_outbound",
    severity: "high",
    fields: ["outbound", "request", "task", "command"],
    pattern: /\b(?:akia|asia)[0-9a-z]{16}\b|aws_secret_access_key\s*["']?\s*[=:]\s*["']?[a-z0-9/+]{30,}/,
    description: "Sends AWS access keys",
  },
  {
    id: "exfiltration.token_outbound",
    severity: "high",
    fields: ["outbound", "task"],
    pattern:
      /\bgh[pousr]_[a-z0-9]{36,}\b|\bgithub_pat_[a-z0-9_]{40,}|\bxox[baprs]-[a-z0-9-]{10,}|\bsk-(?:proj-|ant-(?:api\d\d-)?)?[a-z0-9_-]{32,}|\bglpat-[a-z0-9_-]{20}|\baiza[0-9a-z_-]{35}\b|\bnpm_[a-z0-9]{36}\b|\b[rs]k_live_[a-z0-9]{20,}|\bey[a-z0-9_-]{15,}\.ey[a-z0-9_-]{15,}\.[a-z0-9_-]{10,}|\bhf_[a-z0-9]{30,}\b/,
    description: "Sends an API token (GitHub, Slack, OpenAI, Stripe, JWT, \u2026)",
  },
  {
    id: "exfiltration.env_dump_outbound",
    severity: "high",
    fields: ["outbound", "request", "task"],
    pattern:
      /(?:^|[\s"'&,{])path=[^\s&"]*\/usr\/(?:local\/)?s?bin|(?:^|[\s"'&,{])(?:ld_library_path|shell=\/bin\/|home=\/(?:home|root|users)\/)[^\n]{0,400}(?:^|[\s"'&,{])(?:user|logname|path|pwd)=/,
    description: "Sends an environment dump",
  },
  {
    id: "exfiltration.secret_assignment_outbound",
    severity: "medium",
    fields: ["outbound", "request"],
    pattern:
      /(?:^|[\s,{"'&?])["']?[a-z0-9_]*(?:secret|token|passwd|password|api_?key|apikey|private_?key|access_?key|client_secret)[a-z0-9_]*["']?\s*[=:]\s*["']?(?=[a-z0-9+/_.-]*\d)[a-z0-9+/_.-]{16,}/,
    description: "Sends a credential-looking value",
  },
  {
    id: "exfiltration.password_file_content_outbound",
    severity: "high",
    fields: ["outbound", "request", "task"],
    pattern: /root:[x*!]?:0:0:|\$(?:6|5|2[aby]|y)\$[a-z0-9./$]{20,}|daemon:x:1:1:/,
    description: "Sends password file contents or password hashes",
  },
  {
    id: "exfiltration.disposable_recipient",
    severity: "medium",
    fields: ["recipient"],
    pattern:
      /@(?:[\w-]+\.)*(?:mailinator\.com|guerrillamail\.\w+|10minutemail\.\w+|temp-?mail\.\w+|yopmail\.\w+|sharklasers\.com|trashmail\.\w+|dispostable\.com|maildrop\.cc|getnada\.com|throwawaymail\.com|mohmal\.com|emailondeck\.com|mintemail\.com|fakeinbox\.com|mailnesia\.com|burnermail\.io)\b/,
    description: "Email to a disposable mailbox",
  },
  {
    id: "exfiltration.raw_ip_upload",
    severity: "medium",
    fields: ["request", "command"],
    pattern: new RegExp(
      String
        .raw`^(?:post|put|patch) [a-z]+://${PUBLIC_IP}\b|^(?:curl|wget|http|xh)(?=\s)(?=.*\s${UPLOAD_FLAG}(?:\s|=|$))(?=.*(?:https?://)?${PUBLIC_IP}\b)`,
    ),
    description: "Uploads data to a raw public IP address",
  },
  {
    id: "exfiltration.mail_attach_sensitive",
    severity: "high",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`^(?:mail|mailx|mutt|swaks|sendmail)(?=\s).*(?:-a\s+|--attach(?:ment)?\s+|<\s+)\S*(?:${SENSITIVE}|/etc/|credentials|\.key\b)`,
    ),
    description: "Mails a secret or system file",
  },
  {
    id: "exfiltration.remote_copy_home",
    severity: "high",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`^(?:scp|rsync|sftp)(?=\s).*\s(?:~/?|\$\{?home\}?/?|/home/\S*|/root\S*|/etc\S*|/users/\S*|\S*${SENSITIVE}\S*)\s+\S*@?[\w.-]+:`,
    ),
    description: "Copies the home directory, system files or secrets to a remote host",
  },
  {
    id: "exfiltration.git_push_to_url",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^git\s+push\s+(?:-\S+\s+)*(?:https?:\/\/|git@|ssh:\/\/|[\w.-]+@[\w.-]+:)|^git\s+remote\s+(?:add|set-url)(?=\s).*(?:https?:\/\/\d{1,3}(?:\.\d{1,3}){3}|ngrok|trycloudflare)/,
    description: "Pushes the repository straight to a URL rather than a configured remote",
  },
  {
    id: "exfiltration.chat_webhook",
    severity: "medium",
    fields: ["url", "command"],
    pattern:
      /(?:discord(?:app)?\.com\/api\/webhooks\/|hooks\.slack\.com\/services\/|api\.telegram\.org\/bot[^/\s]*\/send(?:message|document))/,
    description: "Posts to a chat webhook (a common exfiltration sink)",
  },
  {
    id: "exfiltration.mail_forwarding",
    severity: "medium",
    fields: ["shell", "code", "url", "request"],
    pattern:
      /\bset-mailbox\b[^\n]{0,300}-forwarding(?:smtp)?address\b|\b(?:new|set)-inboxrule\b[^\n]{0,300}-(?:forwardto|redirectto|forwardasattachmentto)\b|\bnew-transportrule\b[^\n]{0,300}-(?:blindcopyto|redirectmessageto|copyto|addtorecipients)\b|\badd-mailboxpermission\b[^\n]{0,300}\bfullaccess\b|\bset-calendarprocessing\b[^\n]{0,300}-processexternalmeetingmessages(?::|\s+)\\?\$?true\b|gmail\.googleapis\.com\/gmail\/v1\/users\/[^/\s]+\/settings\/(?:forwardingaddresses|autoforwarding)|graph\.microsoft\.com\/\S*\/mailfolders\/\S*\/messagerules/,
    description: "Forwards, copies or opens someone's mail through mail-server commands or APIs",
  },
  {
    id: "exfiltration.encoded_query_blob",
    severity: "medium",
    fields: ["url"],
    pattern: /[?&][a-z_]{1,12}=[a-z0-9+/=%_-]{80,}/,
    description: "URL query carrying a long encoded blob",
  },
  {
    id: "exfiltration.token_to_foreign_host",
    severity: "high",
    fields: ["request"],
    pattern:
      /^\S+ [a-z]+:\/\/(?!(?:[\w-]+\.)*(?:github\.com|githubusercontent\.com|stripe\.com|slack\.com|openai\.com|anthropic\.com|gitlab\.com|googleapis\.com|npmjs\.org|huggingface\.co|localhost|127\.0\.0\.1)[/:?\s])[\s\S]*?(?:\bgh[pousr]_[a-z0-9]{36,}\b|\bgithub_pat_[a-z0-9_]{40,}|\bxox[baprs]-[a-z0-9-]{10,}|\bsk-(?:proj-|ant-)[a-z0-9_-]{20,}|\b[rs]k_live_[a-z0-9]{20,}|\bglpat-[a-z0-9_-]{20}|\bnpm_[a-z0-9]{36}\b)/,
    description: "Sends a service's API token to a host that is not that service",
  },
  {
    id: "exfiltration.push_to_new_remote",
    severity: "medium",
    fields: ["shell"],
    pattern:
      /\bgit\s+remote\s+add\s+(\S+)\s+\S+[^\n]*\bgit\s+push\s+(?:-\S+\s+)*\1\b|\bgit\s+push\s+(?!origin\b|upstream\b)\S+\s+(?:[^\n]*\s)?--(?:all|mirror|tags)\b/,
    description: "Adds a remote and pushes the whole repository to it",
  },
]);
