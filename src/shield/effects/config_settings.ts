/** Data for code_running_configs.ts: the flags, variables and settings through which a tool's configuration runs
 * another program. Sources: Kubernetes docs (kubeconfig `exec` credential plugins and their warning), git-config(1)
 * and git(1) ENVIRONMENT, ssh_config(5) (ProxyCommand, LocalCommand, KnownHostsCommand), npm config docs
 * (`userconfig`, `globalconfig`), pip configuration docs (`PIP_CONFIG_FILE`), Docker CLI docs (`--config`,
 * `DOCKER_CONFIG`, credential helpers), Helm docs (`--post-renderer`), Terraform CLI docs (`-plugin-dir`,
 * `TF_CLI_CONFIG_FILE`), the AWS CLI docs (`credential_process`), the bash manual (`BASH_ENV`, `ENV`), Node.js CLI
 * docs (`NODE_OPTIONS`), MITRE ATT&CK T1574.006 and T1546.004. */

/** Flags whose value is a config file or folder that can name programs to run; `programs` limits where a short
 * flag means that. */
export const FILE_FLAGS: ReadonlyMap<string, { programs?: ReadonlySet<string> }> = new Map([
  ["--kubeconfig", {}],
  ["-F", { programs: new Set(["ssh", "scp", "sftp", "autossh"]) }],
  ["--userconfig", { programs: new Set(["npm", "npx", "pnpm", "yarn"]) }],
  ["--globalconfig", { programs: new Set(["npm", "npx", "pnpm"]) }],
  ["--config-file", { programs: new Set(["pip", "pip3", "pipx"]) }],
  ["--config", { programs: new Set(["docker", "podman"]) }],
  ["--post-renderer", { programs: new Set(["helm"]) }],
  ["-plugin-dir", { programs: new Set(["terraform", "tofu"]) }],
  ["--plugin-dir", { programs: new Set(["terraform", "tofu"]) }],
]);

/** Variables naming config files or folders (colon-separated lists too). */
export const FILE_VARIABLES: ReadonlySet<string> = new Set([
  "KUBECONFIG",
  "PIP_CONFIG_FILE",
  "NPM_CONFIG_USERCONFIG",
  "npm_config_userconfig",
  "NPM_CONFIG_GLOBALCONFIG",
  "npm_config_globalconfig",
  "DOCKER_CONFIG",
  "TF_CLI_CONFIG_FILE",
  "TF_PLUGIN_DIR",
  "AWS_CONFIG_FILE",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG",
  "BASH_ENV",
  "ENV",
  "ZDOTDIR",
]);

/** Variables whose value is a command line a tool runs. */
export const PROGRAM_VARIABLES: ReadonlySet<string> = new Set([
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_PAGER",
  "GIT_EXTERNAL_DIFF",
  "GIT_PROXY_COMMAND",
  "RSYNC_RSH",
  "CVS_RSH",
]);

/** Variables holding interpreter options that load a file (`--require ./x.js`, `-javaagent:x.jar`, `-r./x.rb`). */
export const LOADER_VARIABLES: ReadonlySet<string> = new Set([
  "NODE_OPTIONS",
  "RUBYOPT",
  "PERL5OPT",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
]);

/** `git -c` keys whose value is a program (an alias only when it starts with `!`). */
export const GIT_PROGRAM_SETTING =
  /^(?:core\.(?:sshcommand|fsmonitor|pager|editor|askpass|gitproxy)|sequence\.editor|credential\.helper|gpg\.(?:\w+\.)?program|diff\.(?:external|[\w.-]+\.(?:textconv|command))|filter\.[\w.-]+\.(?:clean|smudge|process)|merge\.[\w.-]+\.driver|alias\.[\w.-]+|uploadpack\.packobjectshook|pager\.[\w-]+)$/;
/** `git -c` keys whose value is a config file (`core.hooksPath` is judged by the rules, Husky excepted). */
export const GIT_FILE_SETTING = /^(?:include\.path|includeif\..+\.path)$/;

/** `-o` settings of ssh-family tools whose value is a command line. */
export const PROGRAM_OPTIONS: ReadonlyMap<string, RegExp> = new Map([
  ["ssh", /^(?:proxycommand|localcommand|knownhostscommand)$/i],
  ["scp", /^(?:proxycommand|localcommand|knownhostscommand)$/i],
  ["sftp", /^(?:proxycommand|localcommand|knownhostscommand)$/i],
  ["autossh", /^(?:proxycommand|localcommand|knownhostscommand)$/i],
]);

/** Programs that run whatever they are given, or reach the network raw: named by a setting, they are its code. */
export const RUNNING_PROGRAM =
  /^(?:sh|bash|dash|zsh|ksh|fish|busybox|env|python[\d.]*|node|nodejs|deno|bun|perl|ruby|php|lua|tclsh|osascript|pwsh|powershell|nc|ncat|netcat|socat|curl|wget|telnet|openssl|xargs|eval|exec)$/;
