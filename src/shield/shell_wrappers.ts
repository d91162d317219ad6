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
  dotenv: ["-e", "-c"],
  // Round 51: secret injectors that run a command with the secrets in its environment (`runnerArgs`).
  doppler: ["-p", "--project", "-c", "--config"],
  op: ["--env-file", "--environment", "--account"],
  "aws-vault": ["-d", "--duration", "-t", "--mfa-token", "-r", "--region"],
  infisical: ["--env", "--projectId", "--path"],
  chamber: [],
  teller: ["-c", "--config"],
});

/** Wrappers whose first plain argument is a value, not the command (`taskset 0x1 CMD`, `chrt 99 CMD`,
 * `flock FILE CMD`, `sg GROUP CMD`). */
export const POSITIONAL_VALUES: Record<string, number> = ownTable({ taskset: 1, chrt: 1, flock: 1, sg: 1 });

/** Secret injectors' subcommand that runs a command (round 51), and how many plain words (a profile) come before the
 * command when no `--` marks it: `op run -- CMD`, `doppler run -- CMD`, `aws-vault exec PROFILE [--] CMD`,
 * `infisical run -- CMD`, `chamber exec SERVICE... -- CMD`, `teller run -- CMD`. */
const RUNNER_SUBCOMMANDS: Record<string, [string, number]> = ownTable({
  op: ["run", 0],
  doppler: ["run", 0],
  "aws-vault": ["exec", 1],
  infisical: ["run", 0],
  chamber: ["exec", 1],
  teller: ["run", 0],
});
const COMMAND_OPTION = /^--command(?:=|$)/;

/** The words after a wrapper's own subcommand, for `afterOptions` to find the command in: from `--` when one marks
 * it, a `--command "CMD"` string as `sh -c CMD`, else past the profile; nothing when the subcommand runs nothing
 * (`op item get X`, `aws-vault login P`). Other wrappers' words as they are. */
export function runnerArgs(command: string, args: string[]): string[] {
  const runner = RUNNER_SUBCOMMANDS[command];
  if (runner === undefined) return args;
  const at = args.indexOf(runner[0]);
  if (at < 0 || args.slice(0, at).some((word) => !word.startsWith("-"))) return [];
  const rest = args.slice(at + 1);
  const option = rest.findIndex((word) => COMMAND_OPTION.test(word));
  if (option >= 0) {
    const value = rest[option].includes("=") ? rest[option].slice(10) : rest[option + 1];
    return value === undefined ? [] : ["sh", "-c", value];
  }
  const dash = rest.indexOf("--");
  if (dash >= 0) return rest.slice(dash);
  const plain = rest.findIndex((word) => !word.startsWith("-"));
  return plain < 0 ? [] : rest.slice(plain + runner[1]);
}
