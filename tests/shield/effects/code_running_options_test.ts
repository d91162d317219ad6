// The code-running config check reads only option words (round 17 skips every word without a leading dash): each
// option it knows, glued or apart, under a wrapper, in a later segment or in a substitution, is still found.
import assert from "node:assert/strict";
import { buildActionView } from "../../../src/shield/action_view.ts";
import { judgeCodeRunningConfigs } from "../../../src/shield/effects/code_running_configs.ts";
import { FILE_FLAGS, PROGRAM_OPTIONS } from "../../../src/shield/effects/config_settings.ts";
import { Findings } from "../../../src/shield/effects/findings.ts";
import { resolveEnvironment } from "../../../src/shield/environment.ts";

const environment = resolveEnvironment({ workspace: "/home/dev/project", home: "/home/dev" });

function found(command: string): string[] {
  const view = buildActionView(
    { type: "execute_command", payload: { command } },
    environment.workspace,
    environment.home,
  );
  const findings = new Findings();
  judgeCodeRunningConfigs(view.segments, [], environment, findings);
  return findings.list.map((finding) => finding.detail);
}

Deno.test("every option the check reads starts with a dash (the skip rests on it)", () => {
  for (const flag of FILE_FLAGS.keys()) assert.equal(flag.startsWith("-"), true, flag);
  // PROGRAM_OPTIONS are read after `-o`, the git tests after `-c` and `--config-env=`.
  assert.ok(PROGRAM_OPTIONS.size > 0);
});

Deno.test("each known option is found glued, apart, wrapped, later in the line and substituted", () => {
  const rows: string[] = [];
  for (const [flag, { programs }] of FILE_FLAGS) {
    const program = programs === undefined ? "kubectl" : [...programs][0];
    rows.push(`${program} ${flag} ./planted/cfg run`, `${program} ${flag}=/tmp/cfg run`);
    rows.push(`sudo ${program} ${flag} ./planted/cfg run`, `cd x && ls && ${program} ${flag} /dev/shm/c`);
    rows.push(`echo "$(${program} ${flag} ./c list)"`);
  }
  for (const program of PROGRAM_OPTIONS.keys()) {
    rows.push(`${program} -o ProxyCommand=./hop.sh host`, `${program} -oLocalCommand=bash host`);
  }
  rows.push("git -c core.sshCommand=./x.sh fetch", "git -c core.fsmonitor=/tmp/m status");
  rows.push("git --config-env=core.pager=PAGER log", "env A=1 git -c core.sshCommand=./h fetch");
  const missed = rows.filter((command) => found(command).length === 0);
  assert.deepEqual(missed, []);
});

Deno.test("the user's own config and plain words are not findings", () => {
  for (
    const command of [
      "kubectl --kubeconfig ~/.kube/config get pods",
      "ssh -F ~/.ssh/config host",
      "kubectl get pods kubeconfig ./x",
      "ls --color=auto -la ./src",
      "git commit -m 'use -c core.sshCommand=./x.sh'",
    ]
  ) assert.deepEqual(found(command), [], command);
});
