/** Privilege escalation: sudoers, setuid bits, passwd writes, privileged containers and host mounts,
 * namespace entry, capabilities, exploit kits. */

import { defineRules } from "./rule.ts";

const CONTAINER_RUN = String.raw`^(?:docker|podman|nerdctl)\s+(?:container\s+)?(?:run|create)\s`;

export const PRIVILEGE_RULES = defineRules("privilege", [
  {
    id: "privilege.sudoers_write",
    severity: "critical",
    fields: ["write_path"],
    pattern: /^\/etc\/(?:sudoers(?:\.d\/|$)|doas\.conf$|polkit-1\/)/,
    description: "Changes sudo, doas or polkit rules",
  },
  {
    id: "privilege.nopasswd_rule",
    severity: "high",
    fields: ["shell", "content", "command", "code", "task"],
    pattern: /\bnopasswd\s*:|\ball\s*=\s*\(all(?::all)?\)\s*(?:nopasswd|all)\b|\bpermit\s+nopass\b/,
    description: "A sudo rule granting root without a password",
  },
  {
    id: "privilege.visudo",
    severity: "high",
    fields: ["command"],
    pattern: /^visudo(?:\s|$)(?!.*-c\b)/,
    description: "Edits the sudoers file",
  },
  {
    id: "privilege.setuid_bit",
    severity: "high",
    fields: ["command"],
    pattern: /^chmod\s+(?:-\S+\s+)*(?:[ugoa]*\+[rwx]*s[rwx]*|0?[2467][0-7]{3})\s/,
    description: "Sets the setuid or setgid bit",
  },
  {
    id: "privilege.passwd_write",
    severity: "critical",
    fields: ["write_path"],
    pattern: /^\/etc\/(?:passwd|group|shadow|gshadow|master\.passwd|subuid|subgid)$/,
    description: "Writes the user or password database",
  },
  {
    id: "privilege.user_to_admin_group",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:useradd|adduser|usermod|gpasswd|dseditgroup)(?=\s).*(?:-o\b|-u\s*0\b|-g\s*0\b|-[a-z]*g\s+(?:\S+,)?(?:sudo|wheel|root|admin)\b|-a\s+\S+\s+(?:sudo|wheel|admin)\b|\s(?:sudo|wheel|admin)\s*$)/,
    description: "Creates a root-equivalent user or adds one to an admin group",
  },
  {
    id: "privilege.docker_group",
    severity: "medium",
    fields: ["command"],
    pattern: /^(?:usermod|gpasswd|adduser)(?=\s).*\bdocker\b/,
    description: "Adds a user to the docker group (root-equivalent)",
  },
  {
    id: "privilege.container_host_root_mount",
    severity: "critical",
    fields: ["command"],
    pattern: new RegExp(
      String
        .raw`${CONTAINER_RUN}.*(?:-v\s*|--volume[= ]|--mount\s+\S*(?:source|src)=)/(?::|\s|,|$)|${CONTAINER_RUN}.*(?:-v\s*|--volume[= ])/(?:etc|root|home|var|usr|boot|proc|sys)(?:/)?:`,
    ),
    description: "Container mounting the host root or a system directory",
  },
  {
    id: "privilege.container_privileged",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:docker|podman|nerdctl)(?=\s).*(?:--privileged|--pid[= ]host|--ipc[= ]host|--userns[= ]host|--cap-add[= ]?(?:all|sys_admin|sys_ptrace|sys_module|dac_read_search)|--security-opt[= ](?:apparmor|seccomp|label)[=:](?:unconfined|disable))/,
    description: "Privileged container or one sharing host namespaces",
  },
  {
    id: "privilege.docker_socket",
    severity: "high",
    fields: ["command"],
    pattern:
      /(?:-v\s*|--volume[= ]|--unix-socket\s*|--mount\s+\S*source=)\S*\/(?:var\/)?run\/docker\.sock|docker_host=tcp:\/\/(?!127\.|localhost)/,
    description: "Hands the Docker socket to a container or client (host root)",
  },
  {
    id: "privilege.nsenter",
    severity: "high",
    fields: ["command"],
    pattern: /^nsenter\s|^unshare\s+(?:-\S+\s+)*-[a-z]*r[a-z]*(?=\s).*(?:sh|bash)\b/,
    description: "Enters host namespaces",
  },
  {
    id: "privilege.capabilities",
    severity: "high",
    fields: ["command"],
    pattern:
      /^setcap(?=\s).*cap_(?:setuid|setgid|sys_admin|dac_override|dac_read_search|sys_ptrace|sys_module|chown|fowner)/,
    description: "Grants dangerous file capabilities",
  },
  {
    id: "privilege.root_shell",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^sudo\s+(?:-\S+\s+)*(?:-i|-s|su|bash|sh|zsh|(?:\/bin\/)?(?:ba|z)?sh)\s*$|^su(?:\s+-|\s+root|\s+-l)*\s*$|^sudo\s+-[is]$/,
    description: "Opens an interactive root shell",
  },
  {
    id: "privilege.pkexec",
    severity: "medium",
    fields: ["command"],
    pattern: /^pkexec(?:\s|$)/,
    description: "Runs a command as root through polkit",
  },
  {
    id: "privilege.exploit_kits",
    severity: "high",
    fields: ["command", "shell", "task", "url"],
    pattern:
      /\b(?:linpeas|linenum|lse\.sh|les\.sh|linux-exploit-suggester|pspy\d*|gtfobins|dirtycow|dirty_?pipe|pwnkit|cve-20\d\d-\d{4,}|winpeas|juicypotato|printspoofer|godpotato|beroot|traitor)\b/,
    description: "Privilege-escalation exploit or enumeration kits",
  },
  {
    id: "privilege.kubernetes_privileged",
    severity: "high",
    fields: ["command"],
    pattern:
      /^kubectl\s+(?:run|debug)(?=\s).*(?:--privileged|hostpid|hostnetwork|--profile[= ]sysadmin|\snode\/)|^kubectl\s+create\s+clusterrolebinding(?=\s).*cluster-admin/,
    description: "Privileged pod, node debug or cluster-admin binding",
  },
  {
    id: "privilege.password_change",
    severity: "medium",
    fields: ["command"],
    pattern: /^(?:passwd|chpasswd|chage)(?:\s|$)/,
    description: "Changes account passwords",
  },
  {
    id: "privilege.suid_enumeration",
    severity: "medium",
    fields: ["command"],
    pattern: /^find(?=\s).*-perm\s+[-/+]?(?:u=s|g=s|[0-7]?[246]000|-u=s)/,
    description: "Looks for setuid binaries to abuse",
  },
  {
    id: "privilege.process_injection",
    severity: "high",
    fields: ["command", "shell", "code"],
    pattern:
      /\bgdb\s+(?:-\S+\s+)*-p\s+\d+|\bptrace_attach\b|\/proc\/\d+\/mem\b|process_vm_writev|\bcreateremotethread\b|\bwriteprocessmemory\b/,
    description: "Injects into another process",
  },
  {
    id: "privilege.mount_host_disk",
    severity: "medium",
    fields: ["command"],
    pattern: /^mount(?=\s).*(?:\/dev\/(?:sd|vd|nvme|xvd|mapper)|--bind\s+\/\s|-o\s+\S*bind\S*\s+\/\s)/,
    description: "Mounts a host disk or binds the root filesystem",
  },
  {
    id: "privilege.shell_escape",
    severity: "high",
    fields: ["command", "code"],
    pattern:
      /^(?:ba|z|da)?sh\s+-p\b|^(?:vim?|nvim|view)(?=\s).*(?:-c\s+:?!|:!|:shell|:set\s+shell)|^(?:less|more|man)(?=\s).*!\/bin\/|pty\.spawn\s*\(|\bos\.setuid\s*\(\s*0\s*\)|\bsetuid\s*\(\s*0\s*\)|exec\s*\(?\s*["']\/bin\/(?:ba)?sh\b|system\s*\(\s*["']\/bin\/(?:ba)?sh\b/,
    description: "Shell escapes from editors, pagers or interpreters (GTFOBins)",
  },
  {
    id: "privilege.immutable_system_file",
    severity: "high",
    fields: ["command"],
    pattern: /^chattr\s+[-+][a-z]*[ia]\s+\/(?:etc|usr|bin|boot)\/|^mount(?=\s).*remount,rw\s+\/(?:\s|$)/,
    description: "Unlocks immutable system files or remounts root writable",
  },
  {
    id: "privilege.compose_privileged",
    severity: "high",
    fields: ["content", "task"],
    pattern:
      /^\s*-\s*["']?\/:\/[\w/]*["']?\s*$|\bprivileged:\s*true\b[\s\S]{0,200}\bpid:\s*["']?host|\/var\/run\/docker\.sock:\/var\/run\/docker\.sock|-v\s+\/:\/host\b/m,
    description: "Container definition mounting the host root or the Docker socket",
  },
]);
