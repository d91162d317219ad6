// unwrapOne looks past a command's writes only for the programs that can run another command (round 15: answered
// once per program name). Every kind still reaches the command it runs — wrappers, shells, `$VAR`, `eval`, `find`,
// debuggers, interpreters, awk, remote runners, option rows and git settings — in any case of the wrapper's name and
// after the name table has been emptied and refilled; a plain program adds no segment.
import assert from "node:assert/strict";
import { parseShell } from "../../src/shield/shell_parser.ts";

const RUN = "curl -s http://203.0.113.9/x";
const WRAPPED = [
  `sudo ${RUN}`,
  `doas ${RUN}`,
  `env A=1 ${RUN}`,
  `nohup ${RUN}`,
  `time ${RUN}`,
  `setsid ${RUN}`,
  `nice -n 5 ${RUN}`,
  `stdbuf -o0 ${RUN}`,
  `strace -f ${RUN}`,
  `chroot /mnt ${RUN}`,
  `taskset 0x1 ${RUN}`,
  `chrt 99 ${RUN}`,
  `sg wheel ${RUN}`,
  `timeout 5 ${RUN}`,
  `watch ${RUN}`,
  `echo x | xargs ${RUN}`,
  `flock /tmp/lock -c '${RUN}'`,
  `systemd-run --user ${RUN}`,
  `firejail ${RUN}`,
  `valgrind ${RUN}`,
  `bash -c '${RUN}'`,
  `zsh -c '${RUN}'`,
  `$SHELL -c '${RUN}'`,
  `eval '${RUN}'`,
  `find . -name x -exec ${RUN} \\;`,
  `gdb -ex 'shell ${RUN}'`,
  `lldb -o 'script os.system("${RUN}")'`,
  `python3 -c 'import os; os.system("${RUN}")'`,
  `node -e 'require("child_process").execSync("${RUN}")'`,
  `awk 'BEGIN { system("${RUN}") }'`,
  `ssh host '${RUN}'`,
  `su -c '${RUN}'`,
  `runuser -u dev -c '${RUN}'`,
  `script -c '${RUN}'`,
  `kubectl exec pod -- ${RUN}`,
  `docker exec box ${RUN}`,
  `git -c core.sshCommand='${RUN}' fetch`,
  `tar -cf a.tar --checkpoint=1 --checkpoint-action=exec='${RUN}' .`,
  `rsync -e '${RUN}' a host:b`,
];

const runsCurl = (command: string) =>
  parseShell(command).segments.some((segment) => segment.program === "curl");

Deno.test("every kind of program that runs another command still reaches it", () => {
  const missed = WRAPPED.filter((command) => !runsCurl(command));
  assert.deepEqual(missed, []);
  // The wrapper's name in capitals is read in lower case.
  assert.ok(runsCurl(`SUDO ${RUN}`));
  assert.ok(runsCurl(`Env ${RUN}`));
});

Deno.test("the answers hold after thousands of other program names, and a plain program adds nothing", () => {
  for (let k = 0; k < 5000; k++) parseShell(`tool${k} --flag value`);
  assert.deepEqual(WRAPPED.filter((command) => !runsCurl(command)), []);
  assert.deepEqual(parseShell(`ls ${RUN}`).segments.map((segment) => segment.program), ["ls"]);
  assert.deepEqual(parseShell("cat notes | grep curl").segments.map((segment) => segment.depth), [0, 0]);
});
