/** Commands that run the command after their own options (`sudo`, `env`, `nohup`, `xargs`, ...), with the options of
 * each that take a value, so the value is not mistaken for the command (split from shell_unwrap.ts). */

import { ownTable } from "../lib/own_table.ts";

/** Per wrapper: options that take a value (so the value is not mistaken for the wrapped command). */
export const PREFIX_WRAPPERS: Record<string, string[]> = ownTable({
  sudo: ["-u", "-g", "-h", "-p", "-C", "-T", "-r", "-t", "-U", "-D", "-R"],
  doas: ["-u", "-C"],
  env: ["-u", "-C", "--unset", "--chdir"],
  nohup: [],
  time: ["-f", "-o"],
  command: [],
  builtin: [],
  exec: ["-a"],
  setsid: [],
  unbuffer: [],
  torsocks: [],
  proxychains: ["-f"],
  proxychains4: ["-f"],
  caffeinate: [],
  chronic: [],
  nice: ["-n", "--adjustment"],
  ionice: ["-c", "-n", "-p", "-P", "-u"],
  stdbuf: ["-i", "-o", "-e"],
  xargs: ["-I", "-n", "-P", "-d", "-L", "-s", "-E", "-a", "--max-args", "--max-procs", "--delimiter"],
  strace: ["-o", "-p", "-e", "-s", "-u"],
  ltrace: ["-o", "-p", "-e", "-s", "-u"],
  busybox: [],
  chroot: [],
  firejail: [],
  fakeroot: [],
  watch: ["-n", "--interval"],
  taskset: ["-c", "--cpu-list", "-p"],
  chrt: ["-p", "-T", "-P", "-D"],
  flock: ["-w", "--timeout", "-E", "--conflict-exit-code"],
  unshare: ["-S", "-G", "--setuid", "--setgid", "-R", "--root", "-w", "--wd"],
  nsenter: ["-t", "--target", "-S", "-G"],
  "systemd-run": ["-p", "--property", "-u", "--unit", "--on-calendar", "--on-active", "-E", "--setenv"],
  pkexec: ["--user"],
  run0: ["-u", "--user"],
  sg: [],
  "xvfb-run": ["-a", "-n", "-s"],
  valgrind: [],
  "dbus-launch": [],
  "ssh-agent": [],
  doppler: [],
  dotenv: ["-e", "-c"],
});

/** Wrappers whose first plain argument is a value, not the command (`taskset 0x1 CMD`, `chrt 99 CMD`,
 * `flock FILE CMD`, `sg GROUP CMD`). */
export const POSITIONAL_VALUES: Record<string, number> = ownTable({ taskset: 1, chrt: 1, flock: 1, sg: 1 });
