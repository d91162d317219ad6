// The prefilter in front of the hijacking-variable regex (effects/protections.ts): texts without a capital letter
// right before an `=` skip the regex, so a variable that shows only after decoding, in a later segment, inside a
// nested shell, after an `=` at the very start or under a tool name Shield does not know must still be found; a
// near miss (a lower-case name, an option that only ends in `path=`) stays quiet.
import assert from "node:assert/strict";
import { buildActionView } from "../../../src/shield/action_view.ts";
import { buildEffectProfile } from "../../../src/shield/effects/effect_profile.ts";
import { resolveEnvironment } from "../../../src/shield/environment.ts";
import type { Action } from "../../../src/shield/types.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const environment = resolveEnvironment({ workspace: WORKSPACE, home: HOME });
const HIJACK = "makes programs load code from";

const run = (command: string): Action => ({ type: "execute_command", payload: { command } });

function hijacks(action: Action): boolean {
  const view = buildActionView(action, WORKSPACE, HOME, environment.shellHome);
  return buildEffectProfile(view, undefined, environment).findings.some((finding) =>
    finding.detail.includes(HIJACK)
  );
}

Deno.test("hijacking variables are found however the command hides them", () => {
  const hidden: Action[] = [
    run("LD_PRELOAD=/tmp/.x.so ls"),
    run("=x; GIT_PAGER=/tmp/.p git log"),
    run(`echo ${btoa("LD_PRELOAD=/tmp/.x.so ls")} | base64 -d | sh`),
    run("cd src && make && PATH=/tmp/.b:$PATH make install"),
    run(`bash -c 'NODE_OPTIONS=--require=/dev/shm/hook.js node app.js'`),
    run("env DYLD_INSERT_LIBRARIES=/var/tmp/i.dylib ./app"),
    { type: "run_shell", payload: { cmd: "export PYTHONSTARTUP=/tmp/.startup.py; python3" } },
  ];
  assert.deepEqual(hidden.filter((action) => !hijacks(action)).map((action) => action.payload), []);
});

Deno.test("near misses of the hijacking variables are not findings", () => {
  const quiet: Action[] = [
    run("ld_preload=/tmp/x.so ls"),
    run("pytest --rootdir=/tmp/run --basetemp=/tmp/.pytest"),
    run("LD_PRELOAD=./build/libfast.so ./bench"),
    run("ls -la --color=auto"),
  ];
  assert.deepEqual(quiet.filter(hijacks).map((action) => action.payload), []);
});
