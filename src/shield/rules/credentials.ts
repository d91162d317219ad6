/** Credential and secret access: key files, cloud and tool credentials, password stores, browser
 * profiles, shell history, process environments and secret-dumping commands. */

import { defineRules } from "./rule.ts";
import { BROWSER_STORE } from "../effects/browser_stores.ts";

const FIXTURES = String
  .raw`^(?!.*/(?:tests?|fixtures?|testdata|test-data|__fixtures__|__tests__|spec|specs|examples?|mocks?|samples?)/)`;

export const CREDENTIAL_RULES = defineRules("credential", [
  {
    id: "credential.ssh_private_key",
    severity: "critical",
    fields: ["path"],
    pattern:
      /\/\.ssh\/(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity|[^/]*_(?:rsa|ed25519|ecdsa)(?:_key)?)$/,
    description: "Reads or writes an SSH private key",
  },
  {
    id: "credential.ssh_key_mention",
    severity: "high",
    fields: ["command", "code"],
    pattern:
      /^(?!chmod\s|chown\s|ls\s|stat\s|ssh-add\s|ssh-keygen\s|ssh\s|file\s|test\s).*\.ssh\/(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity)(?!\.pub|[\w.-])/,
    description: "Command touching an SSH private key",
  },
  {
    id: "credential.ssh_host_key",
    severity: "critical",
    fields: ["path"],
    pattern: /^\/etc\/ssh\/ssh_host_[a-z0-9]+_key$/,
    description: "Reads an SSH host private key",
  },
  {
    id: "credential.aws_credentials",
    severity: "critical",
    fields: ["path"],
    pattern: /\/\.aws\/(?:credentials|config|sso\/cache\/|cli\/cache\/)/,
    description: "Reads AWS credentials",
  },
  {
    id: "credential.cloud_credentials",
    severity: "critical",
    fields: ["path"],
    pattern:
      /\/\.config\/gcloud\/(?:credentials\.db|access_tokens\.db|application_default_credentials\.json|legacy_credentials)|\/\.azure\/(?:accesstokens\.json|msal_token_cache|azureprofile\.json|service_principal)|\/\.oci\/config$|\/\.config\/doctl\/config\.yaml$|\/\.databrickscfg$|^\/(?:var\/)?run\/secrets\/kubernetes\.io\/serviceaccount\/token$|\/\.config\/hcloud\/cli\.toml$/,
    description: "Reads Google Cloud, Azure or other cloud credentials",
  },
  {
    id: "credential.kube_config",
    severity: "high",
    fields: ["path"],
    pattern:
      /\/\.kube\/config$|^\/etc\/kubernetes\/(?:admin|kubelet|controller-manager|scheduler)\.conf$|^\/etc\/kubernetes\/pki\//,
    description: "Reads Kubernetes cluster credentials",
  },
  {
    id: "credential.docker_config",
    severity: "high",
    fields: ["path"],
    pattern: /\/\.docker\/config\.json$/,
    description: "Reads Docker registry credentials",
  },
  {
    id: "credential.tool_tokens",
    severity: "high",
    fields: ["path"],
    pattern:
      /\/(?:\.netrc|_netrc|\.pgpass|\.my\.cnf|\.git-credentials|\.pypirc|\.vault-token|\.gem\/credentials|\.cargo\/credentials(?:\.toml)?|\.composer\/auth\.json|\.config\/gh\/hosts\.yml|\.terraform\.d\/credentials\.tfrc\.json|\.boto|\.s3cfg|\.config\/rclone\/rclone\.conf|\.config\/hub|\.heroku\/credentials|\.dbt\/profiles\.yml|\.config\/filezilla\/(?:recentservers|sitemanager)\.xml|\.purple\/accounts\.xml|\.config\/remmina\/[^/]+\.remmina)(?![\w.-])/,
    // Round 60: not only at a path's end, also named in code (`open(os.path.expanduser('~/.netrc'))`).
    description: "Reads a tool's stored tokens or passwords",
  },
  {
    id: "credential.gnupg",
    severity: "critical",
    fields: ["path"],
    pattern: /\/\.gnupg\/(?!gpg\.conf$|gpg-agent\.conf$|dirmngr\.conf$)/,
    description: "Reads GnuPG private key material",
  },
  {
    id: "credential.shadow",
    severity: "critical",
    fields: ["path"],
    pattern: /^\/etc\/(?:g?shadow-?|master\.passwd|security\/opasswd|spwd\.db)$/,
    description: "Reads system password hashes",
  },
  {
    id: "credential.tls_private_dir",
    severity: "critical",
    fields: ["path"],
    pattern:
      /^\/etc\/(?:ssl\/private|pki\/tls\/private|letsencrypt\/keys)\/|^\/etc\/ipsec\.secrets$|^\/etc\/wireguard\/|^\/etc\/openvpn\/.*\.key$/,
    description: "Reads TLS, VPN or IPsec private keys",
  },
  {
    id: "credential.private_key_file",
    severity: "high",
    fields: ["path"],
    pattern: new RegExp(
      `${FIXTURES}(?:.*/[^/]*(?:private|priv|secret)[^/]*\\.(?:pem|key)|.*/privkey[^/]*\\.pem|.*\\.(?:p12|pfx|jks|keystore|ppk|key))$`,
    ),
    description: "Reads a private key file outside test fixtures",
    outsideWorkspaceOnly: true,
  },
  {
    id: "credential.env_file",
    severity: "medium",
    fields: ["path"],
    pattern: new RegExp(
      `${FIXTURES}.*/\\.env(?:\\.(?![\\w.-]*\\b(?:example|sample|template|tpl|dist|defaults?|schema|test|development|dev)$)[\\w.-]+)?$`,
    ),
    description: "Reads or writes a .env file holding secrets",
  },
  {
    id: "credential.password_store",
    severity: "critical",
    fields: ["path"],
    pattern:
      /\/\.password-store\/|\.kdbx?$|\.keychain(?:-db)?$|\/\.local\/share\/keyrings\/|\/library\/keychains\/|\/\.config\/(?:1password|bitwarden|keepassxc)\b|\/\.1password\/|\/\.lastpass\//,
    description: "Reads a password manager store or keyring",
  },
  {
    id: "credential.browser_profile",
    severity: "critical",
    fields: ["path"],
    // Round 69: and every OS's browser stores and profile folders (`browser_stores.ts`).
    pattern: new RegExp(
      String
        .raw`\/\.mozilla\/firefox\/|\/\.config\/(?:google-chrome|chromium|bravesoftware|microsoft-edge|vivaldi|opera)\/|\/library\/application support\/(?:google\/chrome|firefox|bravesoftware|microsoft edge|arc)\/|\/library\/cookies\/|\/(?:login data|web data|key[34]\.db|logins\.json|cookies|cookies\.sqlite|cert9\.db)$|\/\.config\/(?:slack|discord|signal|telegram desktop)\/|\/library\/application support\/(?:slack|discord|signal)\/|` +
        BROWSER_STORE.source,
    ),
    description: "Reads browser profiles (cookies, saved passwords)",
  },
  {
    id: "credential.shell_history",
    severity: "high",
    fields: ["path"],
    pattern:
      /\/\.(?:bash|zsh|sh|ksh|python|node_repl|psql|mysql|sqlite|rediscli|irb|lesshst|ash)_history$|\/\.zhistory$|\/\.local\/share\/fish\/fish_history$|\/\.histfile$|\/\.history$/,
    description: "Reads or rewrites shell history (often holds typed secrets)",
  },
  {
    id: "credential.process_environ",
    severity: "critical",
    fields: ["path"],
    pattern: /^\/proc\/(?:self|\d+|thread-self|\*)\/(?:environ|mem|task\/\d+\/environ)$/,
    description: "Reads a process environment or memory",
  },
  {
    id: "credential.crypto_wallet",
    severity: "critical",
    fields: ["path"],
    pattern:
      /\/(?:\.bitcoin|\.litecoin|\.electrum|\.ethereum\/keystore|\.solana|\.config\/exodus|library\/application support\/(?:exodus|electrum))(?:\/|$)|wallet\.dat$|\/keystore\/utc--/,
    description: "Reads a cryptocurrency wallet",
  },
  {
    id: "credential.secret_variable_echo",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:echo|printf|print)(?=\s).*\$\{?[a-z0-9_]*(?:secret|token|passw(?:or)?d|api_?key|private_?key|access_?key|credential)|^printenv\s+[a-z0-9_]*(?:secret|token|passw(?:or)?d|api_?key|private_?key|access_?key|credential)/,
    description: "Prints a secret environment variable",
  },
  {
    // Round 40: a secret variable fed as a here-string to a program that prints it (transformed or not) or sends
    // it down a raw socket. Logins reading stdin (`gh auth login --with-token <<< "$T"`) and curl's `-H @-` (the
    // egress checks judge curl's host) are not listed.
    id: "credential.secret_herestring",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:cat|tac|rev|tr|tee|fold|base(?:64|32|nc)|xxd|od|hexdump|nc|ncat|netcat|socat|telnet|openssl)(?=\s).*\s<<<\s*\S*\$\{?[a-z0-9_]*(?:secret|token|passw(?:or)?d|api_?key|private_?key|access_?key|credential)/,
    description: "Prints or sends a secret environment variable given as a here-string",
  },
  {
    id: "credential.env_dump",
    severity: "low",
    fields: ["command"],
    pattern: /^(?:env|printenv|export\s+-p|declare\s+-x|set)$/,
    description: "Dumps the environment (secrets often live there)",
  },
  {
    id: "credential.keychain_cli",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:security\s+(?:dump-keychain|export)|security\s+find-generic-password\b.*\bsafe storage\b|secret-tool\s+lookup\b.*\b(?:chrome|chromium|brave|edge|opera|vivaldi)\b|secret-tool\s+search|gpg\d?\s+.*--export-secret-(?:keys|subkeys)|bw\s+(?:export|list\s+items)|lpass\s+export|keepassxc-cli\s+export|gnome-keyring-daemon\s)/,
    description: "Dumps or exports a whole keychain or password manager, or a browser's store key",
  },
  {
    // One item read into the agent's context with nothing leaving is a question for the user (round 13); sent
    // out, the effect checks block it (secret_egress.ts). Round 93: a kernel keyring's payload printed (`keyctl
    // print|pipe|read`, keyctl(1)); `keyctl show` lists descriptions only.
    id: "credential.keychain_item",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:security\s+(?:find-generic-password|find-internet-password)|secret-tool\s+lookup|(?:pass|gopass)\s+(?:show\s+)?\S|op\s+(?:item\s+get|read|signin)|bw\s+get|lpass\s+show|keepassxc-cli\s+show|keyctl\s+(?:print|pipe|read)\s)/,
    description: "Reads one secret from a keychain or password manager CLI",
  },
  {
    // Round 49: saved network secrets and workload tokens printed by the programs that keep them: NetworkManager
    // asked for them (`nmcli -s connection show X`, `nmcli --show-secrets -g 802-11-wireless-security.psk con show
    // X`, `nmcli device wifi show-password`), Windows' Wi-Fi profiles shown or exported with `key=clear`, a token
    // file read through the variable that names it (`cat "$AWS_WEB_IDENTITY_TOKEN_FILE"`). The files themselves
    // are secret paths (effects/machine_secrets.ts). Sources: nmcli(1), Microsoft Learn "netsh wlan", AWS EKS IRSA
    // and Azure Workload Identity docs; MITRE ATT&CK T1552.001.
    id: "credential.machine_secret_cli",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^nmcli(?=\s)(?:(?=.*\s(?:-s|--show-secrets)(?:\s|$))(?=.*\s(?:c|con|conn|connection)\s+(?:s|sh|show)\b)|.*\s(?:d|dev|device)\s+(?:wifi|wi-fi)\s+show-password\b)|^netsh(?:\.exe)?\s+wlan\s+(?:show|export)\s+profiles?\b.*\bkey\s*=\s*clear\b|^(?:cat|head|tail|less|more|tac|nl|base64|xxd|od|strings|jq|grep|awk|sed|cut|type|get-content|gc)(?=\s).*\$\{?(?:env:)?(?:aws_web_identity_token_file|azure_federated_token_file|aws_container_authorization_token_file)\b/,
    description: "Prints saved network passwords or a workload's identity token",
  },
  {
    id: "credential.cloud_secret_cli",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:aws\s+(?:secretsmanager\s+(?:batch-)?get-secret-value|ssm\s+get-parameters?(?:-by-path)?(?=\s).*--with-decryption|sts\s+get-session-token|iam\s+create-access-key|configure\s+(?:get|export-credentials))|gcloud\s+auth\s+(?:print-access-token|print-identity-token|application-default\s+print-access-token)|gcloud\s+secrets\s+versions\s+access\s|az\s+account\s+get-access-token|az\s+keyvault\s+secret\s+(?:show|download)\s|doppler\s+secrets(?:\s+(?:get|download)|\s*$)|heroku\s+auth:token|(?:vault|bao)\s+(?:kv\s+get|read)\s|chamber\s+(?:export|read|env)\s|kubectl\s+get\s+secrets?\b.*-o\s*(?:yaml|json|jsonpath)|kubectl\s+get\s+secrets?\s+\S+\s+-o|gh\s+auth\s+token|kubectl\s+config\s+view(?=\s).*--raw|.*?\bget-azkeyvaultsecret(?=\s).*-asplaintext\b|.*?\bget-secsecretvalue\s|.*?\bget-ssmparameter(?:list)?(?=\s).*-withdecryption\b)/,
    description: "Reads secrets or access tokens through a cloud CLI",
  },
  {
    id: "credential.secret_search",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:grep|egrep|rg|ag|ack|git\s+grep|findstr)(?=\s)(?=.*(?:passw|secret|api[_-]?key|private.?key|aws_secret|token|credential|akia|\bkey\b))(?=.*\s(?:\/|~\/?|~\/\S*|\$\{?home\}?\/?|\/home\S*|\/etc\S*|\/root\S*|\/users\S*|\/var\S*)(?:\s|$))/,
    description: "Searches the home or system directories for secrets",
  },
  {
    id: "credential.secret_query",
    severity: "low",
    fields: ["query"],
    pattern:
      /passw|secret|api[_-]?key|private.?key|aws_secret|begin [a-z ]*private|credential|id_rsa|\.env\b/,
    description: "Search pattern hunting for secrets",
  },
  {
    id: "credential.find_key_files",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:find|locate|mlocate|fd|fdfind)(?=\s).*(?:id_rsa|id_ed25519|id_ecdsa|\.pem\b|\*\.key\b|\.kdbx|\.p12\b|\.pfx\b|\.ppk\b|wallet\.dat|credentials|\.env\b|\.aws|\.ssh|_history)/,
    description: "Searches for key, wallet or credential files",
  },
  {
    id: "credential.os_credential_dumping",
    severity: "critical",
    fields: ["command", "shell", "code", "task"],
    pattern:
      /\bmimikatz\b|\bsekurlsa\b|lsass(?:\.exe|\.dmp)?\b.*(?:dump|minidump|procdump)|procdump.*lsass|reg(?:\.exe)?\s+save\s+hklm\\(?:sam|system|security)\b|\bntds\.dit\b|\bhashdump\b|\blazagne\b|\bsecretsdump\b|unshadow\s/,
    description: "Credential dumping tools or techniques",
  },
  {
    id: "credential.git_credential_helper",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^git\s+credential(?:-\w+)?\s+(?:fill|get)\b|^git\s+config(?=\s).*credential\.helper\s+(?:store|'?!)/,
    description: "Extracts or stores git credentials in plain text",
  },
  {
    id: "credential.etc_passwd_read",
    severity: "low",
    fields: ["path"],
    pattern: /^\/etc\/(?:passwd|group)$/,
    description: "Reads the user list (reconnaissance)",
  },
  {
    id: "credential.private_key_written",
    severity: "medium",
    fields: ["content"],
    pattern: /-----begin (?:[a-z0-9]+ )*private key-----/,
    description: "Writes private key material to a file",
  },
  {
    id: "credential.secret_dir_archive",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:tar|zip|7z|7za|cp|rsync|scp|base64|xxd|gpg|openssl|split)(?=\s).*(?:\.ssh|\.gnupg|\.aws|\.password-store|\.kube|\.docker|\.config\/gcloud)(?:\/(?!known_hosts|config\b|[\w.-]+\.pub)|\s|$)/,
    description: "Archives or copies a whole credential directory",
  },
  {
    id: "credential.env_dump_capture",
    severity: "medium",
    fields: ["shell"],
    pattern:
      /(?:^|[;&|(]\s*)(?:env|printenv|set|export\s+-p|declare\s+-[xp]+)\s*(?:>|\|\s*(?:sort|tee|base64|gzip|xxd|curl|nc|awk|sed|cut)\b)/,
    description: "Captures the whole environment into a file or pipe",
  },
  {
    id: "credential.env_secret_filter",
    severity: "high",
    fields: ["shell"],
    pattern:
      /\b(?:env|printenv|set|export\s+-p)\s*\|\s*(?:grep|egrep|rg)\b[^\n]*(?:key|token|secret|pass|cred)/,
    description: "Filters the environment for secrets",
  },
  {
    id: "credential.browser_internal_pages",
    severity: "high",
    fields: ["url"],
    pattern:
      /^(?:chrome|edge|brave|opera|vivaldi|about):(?:\/\/)?(?:password|settings\/passwords|logins|password-manager|settings\/autofill)/,
    description: "Opens the browser's saved-password pages",
  },
]);
