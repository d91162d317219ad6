/** Hit and near-miss examples for the destructive rules. */

import { type RuleRow, write } from "./rule_table.ts";

export const DESTRUCTIVE_CASES: RuleRow[] = [
  ["destructive.rm_root_or_home", "sudo rm -rf --no-preserve-root /", "rm -rf node_modules"],
  ["destructive.rm_recursive_absolute", "rm -rf /home/dev/other-project", "rm -rf /tmp/build-cache"],
  ["destructive.rm_everything_here", "rm -rf ./*", "rm -rf dist build"],
  ["destructive.rm_git_dir", "rm -rf .git", "rm -rf .github-cache"],
  ["destructive.find_delete_from_root", "find / -name '*.db' -delete", "find . -name '*.pyc' -delete"],
  ["destructive.find_delete_everything_here", "find . -type f -delete", "find . -type d -empty -delete"],
  ["destructive.mkfs", "mkfs.ext4 /dev/sdb1", "mkdir -p fs/ext4"],
  [
    "destructive.dd_to_disk",
    "dd if=/dev/zero of=/dev/sda bs=1M",
    "dd if=/dev/zero of=disk.img bs=1M count=10",
  ],
  ["destructive.write_block_device", "cat image.iso > /dev/sdb", "make 2> /dev/null"],
  ["destructive.system_path_write", write("/usr/local/bin/node", "#!/bin/sh"), write("usr/local/notes.txt")],
  ["destructive.shred_wipe", "shred -u -z notes.txt", "sha256sum notes.txt"],
  ["destructive.chmod_recursive_system", "chmod -R 777 /", "chmod -R 755 dist"],
  ["destructive.chown_recursive_system", "chown -R nobody /etc", "chown -R dev:dev ./data"],
  ["destructive.mv_to_null", "mv ~/projects /dev/null", "mv old.txt archive/old.txt"],
  ["destructive.git_force_push_protected", "git push --force origin main", "git push origin feature"],
  ["destructive.git_clean_force", "git clean -fdx", "git clean -n"],
  ["destructive.git_history_rewrite", "git filter-branch --tree-filter 'rm -f x' HEAD", "git log --oneline"],
  ["destructive.drop_database", `psql -c "DROP DATABASE production"`, `psql -c "SELECT count(*) FROM users"`],
  ["destructive.kubectl_delete_broad", "kubectl delete pods --all -n prod", "kubectl get pods"],
  ["destructive.docker_prune_volumes", "docker volume prune -f", "docker compose up -d"],
  ["destructive.infra_destroy", "terraform destroy -auto-approve", "terraform plan"],
  [
    "destructive.infra_unreviewed_apply",
    "terraform apply -auto-approve",
    "terraform apply -var-file=dev.tfvars",
  ],
  [
    "destructive.infra_state_surgery",
    "terraform state rm module.database",
    "terraform state mv module.db module.database",
  ],
  ["destructive.cloud_delete", "aws s3 rm s3://backups --recursive", "aws s3 ls s3://backups"],
  ["destructive.cloud_delete", "gcloud storage rm -r gs://backups", "gcloud storage rm gs://backups/one.tar"],
  ["destructive.cloud_delete", "mc rm --recursive --force s3/backups", "mc rm s3/backups/one.tar"],
  ["destructive.partition_tools", "fdisk /dev/sda", "fdisk -l"],
  ["destructive.kill_everything", "kill -9 -1", "kill -9 4242"],
  ["destructive.shutdown", "shutdown -h now", "systemctl status nginx"],
  ["destructive.crontab_remove", "crontab -r", "crontab -l"],
  ["destructive.move_home_or_root", "mv ~ /tmp/gone", "mv ~/notes.txt ~/archive/"],
  [
    "destructive.mass_encryption",
    "find ~ -type f -exec openssl enc -aes-256-cbc -in {} -out {}.enc \\;",
    "openssl enc -aes-256-cbc -in backup.tar -out backup.tar.enc",
  ],
  ["destructive.volume_destroy", "zpool destroy -f tank", "zpool status"],
  ["destructive.api_delete_resource", {
    type: "http_request",
    payload: { url: "https://api.example.com/repos/acme/webapp", method: "DELETE" },
  }, {
    type: "http_request",
    payload: { url: "https://api.example.com/repos/acme/webapp/issues/4/labels/bug", method: "DELETE" },
  }],
  ["destructive.destructive_tool_name", {
    type: "mcp__github__delete_repository",
    payload: { repo: "webapp" },
  }, { type: "mcp__github__list_repositories", payload: {} }],
  [
    "destructive.etc_write",
    write("/etc/resolv.conf", "nameserver 203.0.113.1"),
    write("/etc/nginx/sites-available/app.conf", "server {}"),
  ],
];
