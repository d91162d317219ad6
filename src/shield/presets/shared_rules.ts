/** Rule sections the three Shield presets share, as YAML text: permissive = base, default = base + judgement,
 * strict = default + human review of every side effect beyond the workspace. */

/** Comment lines under each preset's title. */
export const POLICY_HEADER =
  `# deny beats escalate beats allow; an action no rule matches goes on to the Tier 1 heuristics.
# paths: globs over every path-like field and path argument, absolute and workspace-relative;
#   ~ is the home directory, \${workspace} the workspace, a leading "!" excludes.
# commands: regular expressions over each shell segment; content: over text written or sent.
rules:`;

/** Denials every preset keeps: credentials, key material, system secrets, the engine's own state. */
export const BASE_RULES =
  `  # \u2500\u2500 Credentials and key material: keys and stores never readable; tool credentials asked about \u2500\u2500
  - name: deny-ssh-private-keys
    action: deny
    tools: ["*"]
    paths: ["**/.ssh/id_*", "**/.ssh/identity", "/etc/ssh/ssh_host_*_key", "!**/.ssh/*.pub"]
    reason: SSH private keys stay with their owner

  # Cloud and tool credential files: reading one into the agent's context is a question for the user (it may be
  # their own config); the same file sent out is blocked by the effect checks (secret-store data heading out), and
  # the file handed to the program that uses it (\`kubectl --kubeconfig\`, \`gcloud --key-file\`) is no read at all.
  - name: escalate-cloud-credentials
    action: escalate
    tier: 2
    tools: ["*"]
    paths:
      - "**/.aws/credentials"
      - "**/.aws/config"
      - "**/.config/gcloud/**"
      - "**/.azure/**"
      - "**/.kube/config"
      - "**/.docker/config.json"
      - "**/.oci/config"
      - "/etc/kubernetes/admin.conf"
    reason: cloud and cluster credentials

  - name: escalate-tool-secrets
    action: escalate
    tier: 2
    tools: ["*"]
    paths:
      - "**/.netrc"
      - "**/.git-credentials"
      - "**/.pgpass"
      - "**/.my.cnf"
      - "**/.pypirc"
      - "**/.vault-token"
      - "**/.config/gh/hosts.yml"
      - "**/.cargo/credentials*"
      - "**/.terraform.d/credentials.tfrc.json"
      - "**/.config/rclone/rclone.conf"
      - "**/.s3cfg"
      - "**/.boto"
    reason: stored tokens and passwords of developer tools

  - name: deny-gpg-and-password-stores
    action: deny
    tools: ["*"]
    paths:
      - "**/.gnupg/**"
      - "**/.password-store/**"
      - "**/*.kdbx"
      - "**/.local/share/keyrings/**"
      - "~/Library/Keychains/**"
      - "**/.config/1Password/**"
      - "**/.config/Bitwarden/**"
    reason: private keys and password managers

  - name: deny-private-key-files
    action: deny
    tools: ["*"]
    paths:
      - "**/*.{key,p12,pfx,jks,keystore,ppk}"
      - "**/*{private,priv,secret}*.pem"
      - "**/privkey*.pem"
      - "**/*-key.pem"
      - "/etc/ssl/private/**"
      - "/etc/letsencrypt/keys/**"
      - "!**/{test,tests,fixture,fixtures,testdata,test-data,__fixtures__,__tests__,spec,specs,example,examples,mocks,samples}/**"
      - "!\${workspace}/**"
    reason: private key material (test fixtures and the project's own dev keys excepted)

  - name: deny-system-secrets
    action: deny
    tools: ["*"]
    paths:
      - "/etc/shadow"
      - "/etc/shadow-"
      - "/etc/gshadow"
      - "/etc/gshadow-"
      - "/etc/master.passwd"
      - "/etc/security/opasswd"
      - "/proc/*/environ"
      - "/proc/*/mem"
    reason: password hashes and process environments

  - name: deny-shell-history
    action: deny
    tools: ["*"]
    paths:
      - "**/.{bash,zsh,sh,ksh,python,node_repl,psql,mysql,sqlite,rediscli}_history"
      - "**/.zhistory"
      - "**/.local/share/fish/fish_history"
    reason: shell history often holds typed secrets

  - name: deny-browser-profiles
    action: deny
    tools: ["*"]
    paths:
      - "~/.mozilla/**"
      - "~/.config/{google-chrome,chromium,BraveSoftware,microsoft-edge,vivaldi,opera}/**"
      - "~/Library/Application Support/{Google/Chrome,Firefox,BraveSoftware,Microsoft Edge}/**"
      - "~/Library/Cookies/**"
      - "~/snap/{chromium,firefox}/**"
    reason: browser cookies and saved passwords

  - name: deny-crypto-wallets
    action: deny
    tools: ["*"]
    paths: ["**/.bitcoin/**", "**/wallet.dat", "**/.ethereum/keystore/**", "**/.electrum/**"]
    reason: cryptocurrency wallets

  # \u2500\u2500 Parapet itself \u2500\u2500
  - name: deny-engine-state
    action: deny
    tools: ["*"]
    paths: [".engine", ".engine/**"]
    reason: the engine's database, audit trail and logs are not for the agent

  - name: deny-engine-config-writes
    action: deny
    tools: [write_file, delete_file, move_file, copy_file, create_directory, memory_write]
    paths:
      - config.yaml
      - security
      - "security/*.yaml"
      - "security/*.yml"
      - security/shield
      - "security/shield/**"
      - security/ifc
      - "security/ifc/**"
    reason: the agent may not change its own configuration or security policies

  # \u2500\u2500 System and persistence \u2500\u2500
  - name: deny-system-writes
    action: deny
    tools: [write_file, delete_file, move_file, create_directory]
    paths:
      - "/boot/**"
      - "/usr/**"
      - "/bin/**"
      - "/sbin/**"
      - "/lib/**"
      - "/lib32/**"
      - "/lib64/**"
      - "/sys/**"
      - "/proc/**"
      - "/dev/**"
      - "/var/lib/**"
      - "/var/spool/**"
      - "/System/**"
      - "/Library/**"
    reason: system directories are read-only for the agent

  - name: escalate-etc-writes
    action: escalate
    tier: 2
    tools: [write_file, delete_file, move_file, create_directory]
    paths:
      - "/etc/**"
      - "!/etc/{nginx,apache2,httpd,caddy,haproxy,php,redis,logrotate.d,fail2ban,prometheus,grafana,traefik,varnish}/**"
    reason: system configuration needs a second look

  - name: deny-etc-security-writes
    action: deny
    tools: [write_file, delete_file, move_file, create_directory]
    paths: ["/etc/{passwd,group,shadow,gshadow,sudoers,ld.so.preload,crontab}", "/etc/{sudoers.d,pam.d,cron.d,ssh,profile.d,systemd,init.d}/**"]
    reason: accounts, authentication, start-up and scheduling are off limits

  - name: deny-git-hooks
    action: deny
    tools: [write_file, delete_file, move_file, copy_file, create_directory]
    paths: ["**/.git/hooks/**"]
    reason: git hooks run code on every git command

  - name: deny-persistence-writes
    action: deny
    tools: [write_file, move_file, copy_file, create_directory]
    paths:
      - "**/.ssh/authorized_keys*"
      - "**/.ssh/rc"
      - "**/.config/systemd/**"
      - "**/Library/LaunchAgents/**"
      - "**/.config/autostart/**"
    reason: start-up and login hooks keep an attacker in`;

/** What needs judgement in the default and strict presets. */
export const JUDGEMENT_RULES = `  # \u2500\u2500 Needs judgement \u2500\u2500
  - name: escalate-shell-startup-files
    action: escalate
    tier: 2
    tools: [write_file, move_file, copy_file, delete_file]
    paths: ["~/.bashrc", "~/.zshrc", "~/.profile", "~/.bash_profile", "~/.zprofile", "~/.zshenv", "~/.config/fish/config.fish"]
    reason: shell start-up files run on every login

  # .env files have no rule here: Shield's credential.env_file check asks for any action that reads one (cat, a
  # copy from it, an upload, a search that prints contents) and for writes of anything but plain local settings; a
  # template copied into place (cp .env.example .env), a write of local settings (PORT=3000) or a find listing names
  # inside the project goes through. An escalate rule for "**/.env" and "**/.env.*" here asks for every one.

  - name: escalate-sudoers-read
    action: escalate
    tier: 2
    tools: ["*"]
    paths: ["/etc/sudoers", "/etc/sudoers.d/**"]
    reason: privilege configuration

  - name: escalate-git-config-writes
    action: escalate
    tier: 2
    tools: [write_file, move_file, copy_file]
    paths: ["**/.git/config"]
    reason: git config can point at programs to run

  - name: escalate-writes-outside-workspace
    action: escalate
    tier: 2
    tools: [write_file, delete_file, move_file, create_directory]
    paths: ["**", "!\${workspace}/**", "!\${workspace}", "!/tmp/**", "!/var/tmp/**"]
    reason: changes outside the workspace`;

/** The strict preset's additions. */
export const STRICT_RULES =
  `  # \u2500\u2500 Strict: every side effect beyond the workspace goes to a human \u2500\u2500
  - name: escalate-shell
    action: escalate
    tier: 3
    tools: [execute_command, create_schedule]
    reason: strict policy reviews every shell command and schedule

  - name: escalate-outbound
    action: escalate
    tier: 3
    tools: [http_request, send_email, send_message, browser_type, git_push, "mcp__*"]
    reason: strict policy reviews everything leaving the machine

  - name: escalate-sub-agents
    action: escalate
    tier: 3
    tools: [create_agent, agent_message]
    reason: strict policy reviews sub-agent tasks

  - name: escalate-deletes
    action: escalate
    tier: 3
    tools: [delete_file, delete_event, delete_schedule]
    reason: strict policy reviews deletions`;
