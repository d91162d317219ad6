// The code-running config check reads only option words (round 17 skips every word without a leading dash): each
// option it knows, glued or apart, under a wrapper, in a later segment or in a substitution, is still found. Option
// words are told from its flags by length and last character before any look-up, and a text is read for
// assignments only when a variable of its tables is assigned in it (speed round 19): every flag of every program
// and every variable, however assigned, is still found.
import assert from "node:assert/strict";
import { buildActionView } from "../../../src/shield/action_view.ts";
import { judgeCodeRunningConfigs } from "../../../src/shield/effects/code_running_configs.ts";
import {
  FILE_FLAGS,
  FILE_VARIABLES,
  LOADER_VARIABLES,
  PROGRAM_OPTIONS,
  PROGRAM_VARIABLES,
} from "../../../src/shield/effects/config_settings.ts";
import { Findings } from "../../../src/shield/effects/findings.ts";
import { resolveEnvironment } from "../../../src/shield/environment.ts";

const environment = resolveEnvironment({ workspace: "/home/dev/project", home: "/home/dev" });

function found(command: string, texts = false): string[] {
  const view = buildActionView(
    { type: "execute_command", payload: { command } },
    environment.workspace,
    environment.home,
  );
  const findings = new Findings();
  judgeCodeRunningConfigs(view.segments, texts ? view.texts.get("shell") ?? [] : [], environment, findings);
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
    for (const program of programs ?? ["kubectl"]) rows.push(`${program} ${flag} ./planted/cfg run`);
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

Deno.test("every variable of the tables is found however it is assigned", () => {
  const rows: string[] = [];
  const assigned = (name: string, value: string) => [
    `${name}=${value} git fetch`,
    `export ${name}='${value}'; make`,
    `env -i ${name}="${value}" npm test`,
    `cd x;${name}=${value} ls`,
    `(${name}=${value} cargo build)`,
  ];
  for (const name of PROGRAM_VARIABLES) rows.push(...assigned(name, "./hook.sh"));
  for (const name of FILE_VARIABLES) rows.push(...assigned(name, "/tmp/planted/cfg"));
  for (const name of LOADER_VARIABLES) {
    rows.push(
      `${name}='--require ./hook.js' node app.js`,
      `export ${name}="-r./x.rb -javaagent:./a.jar"; run`,
    );
  }
  const missed = rows.filter((command) => found(command, true).length === 0);
  assert.deepEqual(missed, []);
  // Names that only end like a table's, or values without a planted place, are not findings.
  for (
    const command of ["NODE_ENV=production npm start", "XGIT_SSH=./x.sh ls", "KUBECONFIG=~/.kube/config k9s"]
  ) {
    assert.deepEqual(found(command, true), [], command);
  }
});
