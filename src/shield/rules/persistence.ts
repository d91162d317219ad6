/** Persistence: cron, systemd, shell start-up files, SSH authorized keys, git hooks, launchd, `at`,
 * init scripts, preload libraries, PAM and Windows autoruns. */

import { defineRules } from "./rule.ts";

export const PERSISTENCE_RULES = defineRules("persistence", [
  {
    id: "persistence.crontab_install",
    severity: "medium",
    fields: ["command"],
    pattern: /^crontab\s+(?:(?:-u\s+|--user[=\s])\S+\s+)?(?!-l\b|-r\b|-[a-z]*r|--list\b|--remove\b)\S/,
    description: "Installs or edits a crontab",
  },
  {
    id: "persistence.cron_files",
    severity: "high",
    fields: ["write_path"],
    pattern:
      /^\/etc\/(?:crontab|cron\.(?:d|hourly|daily|weekly|monthly)\/|anacrontab)|^\/var\/spool\/cron\/|^\/usr\/lib\/cron\//,
    description: "Writes system cron files",
  },
  {
    id: "persistence.cron_line_network",
    severity: "high",
    fields: ["shell", "content", "task"],
    pattern:
      /(?:^|["'\n])\s*(?:@(?:reboot|hourly|daily)|(?:[\d*\/,-]+\s+){5})[^\n]*?(?:curl|wget|\bnc\b|ncat|bash\s+-i|\/dev\/tcp|python\S*\s+-c|base64\s+-d)/,
    description: "A cron line that downloads or opens connections",
  },
  {
    id: "persistence.systemd_unit",
    severity: "high",
    fields: ["write_path"],
    pattern:
      /^\/(?:etc|lib|usr\/lib|run)\/systemd\/(?:system|user)\/|\/\.config\/systemd\/user\/|^\/etc\/systemd\/system\.conf$/,
    description: "Writes a systemd unit",
  },
  {
    id: "persistence.systemd_transient",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^systemd-run(?=\s).*--on-(?:calendar|active|boot|unit-active|startup)|^systemctl\s+(?:--user\s+)?(?:enable|link)\s+(?:--now\s+)?\S*(?:\/tmp\/|\/home\/|~)/,
    description: "Schedules or enables a service from an unusual place",
  },
  {
    id: "persistence.shell_startup_file",
    severity: "medium",
    fields: ["write_path"],
    pattern:
      /\/(?:\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.cshrc|\.tcshrc|\.kshrc|\.config\/fish\/config\.fish|\.xinitrc|\.xprofile)$|^\/etc\/(?:profile|bash\.bashrc|bashrc|zsh\/zshrc|zshrc|environment)$|^\/etc\/profile\.d\//,
    description: "Changes a shell start-up file",
  },
  {
    id: "persistence.ssh_authorized_keys",
    severity: "high",
    fields: ["write_path"],
    pattern: /\/\.ssh\/(?:authorized_keys2?|rc|environment)$|^\/etc\/ssh\/(?:sshd_config|authorized_keys)/,
    description: "Adds SSH access (authorized_keys, sshd_config)",
  },
  {
    id: "persistence.git_hooks",
    severity: "high",
    fields: ["write_path"],
    // Version-controlled hooks (.husky/, .githooks/) are ordinary project files: their content is judged as
    // shell like any script's; only .git/hooks, which no review sees, is persistence.
    pattern: /(?:^|\/)\.git\/hooks\//,
    description: "Writes a git hook (runs code on every git command)",
  },
  {
    id: "persistence.git_hook_config",
    severity: "high",
    fields: ["command"],
    // `core.sshCommand` set to ssh itself with its own options (`ssh -i ~/.ssh/deploy -o BatchMode=yes`) runs nothing
    // else; a command option (`-o ProxyCommand=...`) keeps it here, and the value is parsed as a command anyway.
    pattern:
      /^git\s+(?:-c\s+\S+\s+)*config(?=\s).*core\.(?:hookspath|fsmonitor|sshcommand(?!\s+ssh(?:\s+-(?!o\s*\w*command)\w+(?:\s+(?!-)\S+)?)*\s*$)|askpass)|^git\s+-c\s+core\.(?:hookspath|fsmonitor|sshcommand(?!=ssh(?:\s+-(?!o\s*\w*command)\w+(?:\s+(?!-)\S+)?)*?\s+(?:fetch|pull|push|clone|ls-remote|submodule|remote)\b))=?/,
    description: "Points git at code to run (hooksPath, fsmonitor, sshCommand)",
  },
  {
    id: "persistence.launchd",
    severity: "high",
    fields: ["write_path"],
    pattern:
      /\/library\/(?:launchagents|launchdaemons|startupitems)\/|\/library\/preferences\/com\.apple\.loginitems/,
    description: "Writes a macOS launch agent or daemon",
  },
  {
    id: "persistence.launchctl_load",
    severity: "medium",
    fields: ["command"],
    pattern: /^launchctl\s+(?:load|bootstrap|submit|enable)\b/,
    description: "Loads a macOS launch agent",
  },
  {
    id: "persistence.at_job",
    severity: "medium",
    fields: ["command"],
    pattern: /^(?:at|batch)(?:\s+(?:-\S+\s+)*(?:now|midnight|noon|teatime|tomorrow|\d)|\s*$)/,
    description: "Schedules a one-off job with at",
  },
  {
    id: "persistence.init_scripts",
    severity: "high",
    fields: ["write_path"],
    pattern:
      /^\/etc\/(?:init\.d\/|rc\.local$|rc\d?\.d\/|init\/|xdg\/autostart\/|update-motd\.d\/|udev\/rules\.d\/|network\/if-up\.d\/)|\/\.config\/autostart\//,
    description: "Writes an init, autostart, motd or udev script",
  },
  {
    id: "persistence.preload_library",
    severity: "critical",
    fields: ["write_path"],
    pattern: /^\/etc\/ld\.so\.(?:preload|conf(?:\.d\/)?)/,
    description: "Injects a library into every process",
  },
  {
    id: "persistence.ld_preload_variable",
    severity: "medium",
    fields: ["shell", "content"],
    pattern: /\b(?:ld_preload|dyld_insert_libraries)\s*=/,
    description: "Sets a preload library for later commands",
  },
  {
    id: "persistence.pam_module",
    severity: "critical",
    fields: ["write_path"],
    pattern: /^\/etc\/pam\.d\/|^\/(?:usr\/)?lib(?:64)?\/(?:x86_64-linux-gnu\/)?security\//,
    description: "Changes PAM authentication modules",
  },
  {
    id: "persistence.windows_autorun",
    severity: "high",
    fields: ["shell", "command", "code"],
    pattern:
      /\breg(?:\.exe)?\s+add\s+[^\n]*\\(?:run|runonce|winlogon|image file execution options)\b|\b(?:new|set)-item(?:property)?\s[^\n]*\\(?:currentversion\\(?:run|runonce|runservices|runservicesonce|policies\\explorer\\run)|winlogon|image file execution options\\[^\n]*-name\s+['\"]?debugger)\b|\bcurrentversion\\run(?:once)?\b[\s\S]{0,300}?\bsetvalue(?:ex)?\s*\(|schtasks(?:\.exe)?\s+\/create|register-scheduledtask|new-scheduledtask|(?<![\w/.-])sc(?:\.exe)?\s+create\s|(?<![\w/.-])new-service\s|startup\\[^\n]*\.(?:lnk|bat|vbs|exe)/,
    description: "Windows autorun keys, scheduled tasks or services",
  },
  {
    id: "persistence.alias_hijack",
    severity: "high",
    fields: ["shell", "content", "command"],
    pattern:
      /\balias\s+(?:sudo|su|ssh|git|ls|cd|passwd)\s*=\s*["']?[^"'\n]*(?:curl|wget|nc\b|\/tmp\/|base64|tee\s|>>|;)/,
    description: "Aliases a common command to something else (credential capture)",
  },
  {
    id: "persistence.shell_trap",
    severity: "medium",
    fields: ["shell", "content"],
    pattern:
      /\bprompt_command\s*=|\btrap\s+["'][^"'\n]*(?:curl|wget|\bnc\b|bash|sh\s)[^"'\n]*["']\s+(?:debug|exit|err|return|int)\b/,
    description: "Runs code on every prompt or shell event",
  },
  {
    id: "persistence.container_restart_always",
    severity: "low",
    fields: ["command"],
    pattern: /^(?:docker|podman)\s+(?:container\s+)?run(?=\s).*--restart[= ](?:always|unless-stopped)/,
    description: "Starts a container that restarts forever",
  },
  {
    id: "persistence.kernel_module",
    severity: "medium",
    fields: ["command"],
    pattern: /^(?:insmod|modprobe|kldload)\s+(?!-[a-z]*[rl]\b|--remove|--list|-c\b)\S/,
    description: "Loads a kernel module",
  },
]);
