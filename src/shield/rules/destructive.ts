/** Destructive file and system commands: wiping roots and homes, disks, databases, clusters. */

import { defineRules } from "./rule.ts";

const RECURSIVE = String.raw`(?=.*\s-(?:-recursive|[a-z]*r))`;
/** /etc folders a sysadmin agent edits routinely (web servers, proxies, log rotation). */
const SERVICE_CONFIG_DIRS =
  "(?:nginx|apache2|httpd|caddy|haproxy|php|redis|logrotate\\.d|fail2ban|prometheus|grafana|traefik|varnish)/";
const SYSTEM_DIRS =
  "home|etc|usr|var|bin|sbin|lib|lib32|lib64|boot|opt|root|srv|sys|proc|dev|mnt|media|users|system|library|applications";

export const DESTRUCTIVE_RULES = defineRules("destructive", [
  {
    id: "destructive.rm_root_or_home",
    severity: "critical",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`^rm(?=\s)${RECURSIVE}(?=.*\s(?:--no-preserve-root|/\*?|~/?\*?|\$\{?home\}?/?\*?|/(?:${SYSTEM_DIRS})/?\*?)(?:\s|$))`,
    ),
    description: "Recursive delete of the filesystem root, the home directory or a system directory",
  },
  {
    id: "destructive.rm_recursive_absolute",
    severity: "medium",
    fields: ["command"],
    pattern: new RegExp(
      String.raw`^rm(?=\s)${RECURSIVE}(?=.*\s(?:/(?!tmp/|var/tmp/|dev/null)|~/|\$\{?home\}?/)\S)`,
    ),
    description: "Recursive delete of an absolute path outside /tmp",
  },
  {
    id: "destructive.rm_everything_here",
    severity: "medium",
    fields: ["command"],
    pattern: new RegExp(String
      .raw`^rm(?=\s)${RECURSIVE}(?=.*\s(?:\*|\.|\.\.|\.\*|\./\*|\.\./\S*|(?:~[+-]|\$\{?(?:old)?pwd\}?)(?:/\*?|/\.\.\S*)?)(?:\s|$))`),
    // `~+` and `$PWD` are the current folder, `~-` and `$OLDPWD` the previous one (bash "Tilde Expansion").
    description: "Recursive delete of everything in the current or parent directory",
  },
  {
    id: "destructive.rm_git_dir",
    severity: "medium",
    fields: ["command"],
    pattern: new RegExp(String.raw`^rm(?=\s)${RECURSIVE}(?=.*(?:\s|/)\.git/?(?:\s|$))`),
    description: "Deletes a git repository's history",
  },
  {
    id: "destructive.find_delete_from_root",
    severity: "high",
    fields: ["command"],
    pattern:
      /^find\s+(?:\/|~\/?|\$\{?home\}?\/?|\/(?:etc|usr|var|home|boot)\/?)(?=\s).*(?:-delete\b|-exec\s+(?:rm|shred)\b)/,
    description: "find deleting files from the root, home or a system directory",
  },
  {
    // Everything under the working folder, with no filter choosing files (`find . -delete`, `find . -type f -delete`):
    // `rm -rf .` spelled with find; after `cd ~` or `cd /` the working folder is the home or the root.
    id: "destructive.find_delete_everything_here",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^find\s+(?:\.|\.\.|~[+-]|\$\{?(?:old)?pwd\}?)\/?\s+(?:-(?:type\s+[fdl]|depth|(?:min|max)depth\s+\d+|xdev|mount|ignore_readdir_race|[hlp])\s+)*(?:-delete\b|-exec\s+(?:rm|shred)\b)/,
    description: "find deleting every file of the current or parent directory",
  },
  {
    id: "destructive.mkfs",
    severity: "critical",
    fields: ["command"],
    // A filesystem made in an image file of the workspace (`mkfs.ext4 -F build/disk.img`) erases no disk.
    pattern:
      /^(?:mkfs(?:\.\w+)?|mke2fs|mkswap|wipefs|mkntfs|newfs\w*)(?:\s|$)(?!.*\s(?![/~$])[\w.-][\w./-]*\.(?:img|raw|iso|qcow2|vhd|vmdk|bin)\s*$)/,
    description: "Creates a filesystem (erases a disk or partition)",
  },
  {
    id: "destructive.dd_to_disk",
    severity: "critical",
    fields: ["command"],
    pattern: /^dd(?=\s).*\bof=\/dev\/(?:sd|hd|nvme|vd|xvd|mmcblk|disk|rdisk|mapper|md|dm-|loop)/,
    description: "dd writing straight to a disk device",
  },
  {
    id: "destructive.write_block_device",
    severity: "critical",
    fields: ["write_path"],
    pattern: /^\/dev\/(?:sd|hd|nvme|vd|xvd|mmcblk|disk|rdisk|mapper\/|md\d|dm-|mem$|kmem$|port$)/,
    description: "Writes to a disk or memory device",
  },
  {
    id: "destructive.system_path_write",
    severity: "high",
    fields: ["write_path"],
    pattern:
      /^\/(?:boot|usr|bin|sbin|lib|lib32|lib64|libx32|sys|proc|system|library)(?:\/|$)|^\/dev\/(?!null$|stdout$|stderr$|tty$|fd\/|shm\/|pts\/|tcp\/|udp\/)|^\/var\/(?:lib|spool|db)\//,
    description: "Writes, deletes or moves files in a system directory",
  },
  {
    id: "destructive.shred_wipe",
    severity: "medium",
    fields: ["command"],
    pattern: /^(?:shred|wipe|srm|sfill|sdelete)\s/,
    description: "Securely erases files (unrecoverable)",
  },
  {
    id: "destructive.chmod_recursive_system",
    severity: "high",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`^chmod(?=\s)(?=.*\s-(?:-recursive|[a-z]*r))(?=.*\s(?:/|~|\$home|/(?:${SYSTEM_DIRS}))/?(?:\s|$))`,
    ),
    description: "Recursive permission change of the root, home or a system directory",
  },
  {
    id: "destructive.chown_recursive_system",
    severity: "high",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`^chown(?=\s)(?=.*\s-(?:-recursive|[a-z]*r))(?=.*\s(?:/|~|\$home|/(?:${SYSTEM_DIRS}))/?(?:\s|$))`,
    ),
    description: "Recursive ownership change of the root, home or a system directory",
  },
  {
    id: "destructive.mv_to_null",
    severity: "high",
    fields: ["command"],
    pattern: /^mv(?=\s).*\s\/dev\/null$/,
    description: "Moves files onto /dev/null (destroys them)",
  },
  {
    id: "destructive.git_force_push_protected",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^git\s+push(?=\s)(?=.*(?:\s--force(?:-with-lease)?\b|\s-[a-z]*f\b|\s\+\S))(?=.*\s\+?(?:main|master|production|prod|release|trunk|develop)(?:\s|$))/,
    description: "Force push to a protected branch (rewrites shared history)",
  },
  {
    id: "destructive.git_clean_force",
    severity: "low",
    fields: ["command"],
    pattern: /^git\s+clean\s+(?:-\S*\s+)*-[a-z]*(?:fd|df|fx|xf)/,
    description: "Deletes untracked files and directories",
  },
  {
    id: "destructive.git_history_rewrite",
    severity: "low",
    fields: ["command"],
    pattern: /^git\s+(?:filter-branch|filter-repo|reflog\s+expire|gc\s+--prune=now|update-ref\s+-d)\b/,
    description: "Rewrites or prunes git history",
  },
  {
    id: "destructive.drop_database",
    severity: "medium",
    fields: ["command", "code", "query"],
    pattern:
      /\bdrop\s+(?:database|schema|table)\s|\btruncate\s+table\s|\bflushall\b|\bdropdatabase\(|^dropdb\s/,
    description: "Drops a database, schema or table",
  },
  {
    id: "destructive.kubectl_delete_broad",
    severity: "medium",
    fields: ["command"],
    pattern: /^kubectl\s+delete(?=\s).*(?:--all\b|\s(?:namespace|ns|pv|pvc|node|crd)\b|-a\s)/,
    description: "Deletes whole Kubernetes namespaces, volumes, nodes or all resources",
  },
  {
    id: "destructive.docker_prune_volumes",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^docker\s+(?:system\s+prune(?=\s).*--volumes|volume\s+(?:prune|rm\b(?!\s+(?:-f\s+|--force\s+)?[\w.-]+\s*$)))/,
    description: "Deletes Docker volumes (data)",
  },
  {
    id: "destructive.infra_destroy",
    severity: "medium",
    fields: ["command"],
    // Round 26: terragrunt and cdktf, `run-all destroy`, `pulumi up --destroy`, and a resource replaced (destroyed
    // and created anew) with the review skipped (`apply -replace=... -auto-approve`, `pulumi up --replace ... --yes`).
    pattern:
      /^(?:terraform|tofu|terragrunt|pulumi)\s+(?:run-all\s+)?(?:destroy|(?:apply|up)(?=\s).*-destroy)\b|^(?:(?:npx|bunx|pnpx)\s+(?:-y\s+|--yes\s+)?|(?:pnpm|yarn)\s+(?:dlx\s+|exec\s+)?)?cdk(?:tf)?\s+destroy\b|^(?:terraform|tofu|terragrunt)\s+apply(?=\s)(?=.*\s-auto-approve\b).*\s-replace[= ]|^pulumi\s+up(?=\s)(?=.*\s(?:--yes|-y|--skip-preview)\b).*\s--replace[= ]/,
    description: "Destroys infrastructure",
  },
  {
    // Round 33: state surgery -- resources dropped from the state (`terraform state rm`, `tofu state rm`) or the
    // remote state overwritten (`state push`): the next apply creates them anew, empty (a database among them), and
    // the old ones run on unmanaged. `state mv`/`list`/`show` (refactors and reads) pass.
    id: "destructive.infra_state_surgery",
    severity: "medium",
    fields: ["command"],
    pattern: /^(?:terraform|tofu|terragrunt)\s+(?:-\S+\s+)*state\s+(?:rm|push|replace-provider)\b/,
    description: "Removes resources from the infrastructure state or overwrites it",
  },
  {
    // Round 26: infrastructure changed with the plan nobody reads (`apply -auto-approve`, `pulumi up --yes`): a
    // human approves the change the plan would have shown.
    id: "destructive.infra_unreviewed_apply",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:terraform|tofu|terragrunt)\s+(?:run-all\s+)?apply(?=\s).*\s-auto-approve\b|^pulumi\s+up(?=\s).*\s(?:--yes|-y|--skip-preview)\b|^(?:(?:npx|bunx|pnpx)\s+(?:-y\s+|--yes\s+)?|(?:pnpm|yarn)\s+(?:dlx\s+|exec\s+)?)?cdk(?:tf)?\s+deploy(?=\s).*\s--require-approval[= ]never\b/,
    description: "Applies infrastructure changes with the review skipped",
  },
  {
    id: "destructive.cloud_delete",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:aws\s+(?:s3\s+(?:rb|rm(?=\s).*--recursive)|ec2\s+terminate-instances|rds\s+delete-db|iam\s+delete-|dynamodb\s+delete-table)|gcloud\s+\S+(?:\s+\S+)?\s+delete\b|gsutil\s+(?:-m\s+)?rm\s+-r|(?:gsutil\s+(?:-m\s+)?rm|gcloud\s+storage\s+rm)(?=\s).*(?:\s-r\b|--recursive|\*\*|\/\*(?:\s|$))|mc\s+(?:rm(?=\s).*(?:\s-r\b|--recursive)|rb(?=\s).*--force)|s3cmd\s+(?:(?:del|rm)(?=\s).*(?:\s-r\b|--recursive)|rb(?=\s).*(?:\s-r\b|--recursive|--force))|azcopy\s+(?:rm|remove)(?=\s).*--recursive|b2\s+rm(?=\s).*--recursive|az\s+group\s+delete)/,
    description: "Deletes cloud resources or buckets",
  },
  {
    id: "destructive.partition_tools",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:fdisk|sfdisk|gdisk|cfdisk|parted|sgdisk|diskutil\s+(?:erase|partition|zero))\s(?!-l\b|--list\b|\S+\s+print\b)/,
    description: "Changes disk partitions",
  },
  {
    id: "destructive.kill_everything",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:kill\s+(?:-\S+\s+)*-1(?:\s|$)|kill\s+-(?:9|kill)\s+1(?:\s|$)|killall5\b|pkill\s+(?:-\S+\s+)*-u\s+root\b)/,
    description: "Kills every process or init",
  },
  {
    id: "destructive.shutdown",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:shutdown|reboot|halt|poweroff)(?:\s|$)|^init\s+[06]\b|^systemctl\s+(?:poweroff|reboot|halt|kexec)\b/,
    description: "Shuts down or reboots the machine",
  },
  {
    id: "destructive.crontab_remove",
    severity: "medium",
    fields: ["command"],
    pattern: /^crontab\s+(?:-u\s+\S+\s+)?-[a-z]*r/,
    description: "Removes every cron job",
  },
  {
    id: "destructive.move_home_or_root",
    severity: "high",
    fields: ["command"],
    pattern: /^mv(?:\s+-\S+)*\s+(?:~|\$\{?home\}?|\/|\/home|\/etc|\/usr|\/var|\/boot)\/?\s/,
    description: "Moves the home, root or a system directory away",
  },
  {
    id: "destructive.mass_encryption",
    severity: "high",
    fields: ["shell"],
    pattern:
      /^(?=[\s\S]*\b(?:find|for|xargs|while)\b)(?=[\s\S]*(?:openssl\s+(?:enc|aes)|gpg\s+(?:-\S+\s+)*(?:-c|--symmetric)|ccrypt|aescrypt|7z\s+a\s[^\n]*-p|zip\s[^\n]*-[a-z]*e\b))/,
    description: "Encrypts files in bulk (ransomware)",
  },
  {
    id: "destructive.volume_destroy",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:zpool\s+(?:destroy|labelclear)|zfs\s+destroy|lvremove|vgremove|pvremove|mdadm\s+--zero-superblock|cryptsetup\s+(?:luks)?erase|btrfs\s+subvolume\s+delete|blkdiscard)\b/,
    description: "Destroys storage pools, volumes or encrypted containers",
  },
  {
    id: "destructive.api_delete_resource",
    severity: "medium",
    fields: ["request"],
    pattern:
      /^delete \S+\/(?:repos|projects|orgs|organizations|buckets|databases|clusters|instances|namespaces|zones|apps|teams|users)\/[^/\s]+(?:\/[^/\s]+)?\/?\n/,
    description: "API call deleting a whole repository, project, bucket or account",
  },
  {
    id: "destructive.destructive_tool_name",
    severity: "medium",
    fields: ["tool"],
    pattern:
      /^mcp__.*(?:delete|drop|destroy|purge|wipe|truncate|remove)_?(?:repo|repository|database|db|table|bucket|project|cluster|org|organization|namespace|all|branch|index)/,
    description: "MCP tool that deletes a repository, database, bucket or project",
  },
  {
    id: "destructive.etc_write",
    severity: "medium",
    fields: ["write_path"],
    pattern: new RegExp(String.raw`^/(?:private/)?etc(?:/(?!${SERVICE_CONFIG_DIRS})|$)`),
    description: "Writes system configuration outside the usual service config folders",
  },
]);
