/** Git hooks from the repository's own folder (Husky, `.githooks`) are ordinary work whether set with `git config`
 * or for one command with `git -c`; hooks from outside the repository, from someone else's vendored code, or with
 * another code-running setting beside them are still stopped. */

import { expectDecisions, run } from "./decisions.ts";

Deno.test("the repository's own hooks folder is allowed for one command as it is in git config", async () => {
  await expectDecisions([
    [
      run("git -c core.hooksPath=.githooks commit -m 'wip: parser'"),
      "ALLOW",
      "-c with the repository's hooks",
    ],
    [run("git -c core.hooksPath=.husky/_ commit -m fix"), "ALLOW", "-c with Husky's folder"],
    [
      run("git -c core.hooksPath=tools/git-hooks push origin feat/x"),
      "ALLOW",
      "-c with a nested hooks folder",
    ],
    [run("git config core.hooksPath .githooks"), "ALLOW", "config with the repository's hooks"],
  ]);
});

Deno.test("hooks from elsewhere, vendored code or beside another runner are still stopped", async () => {
  await expectDecisions([
    [run("git -c core.hooksPath=/tmp/.h commit -m x"), "STOPPED", "-c with an absolute folder"],
    [run("git -c core.hooksPath=../shared/hooks commit -m x"), "STOPPED", "-c outside the repository"],
    [run("git -c core.hooksPath=~/.h commit -m x"), "STOPPED", "-c in the home folder"],
    [
      run("git -c core.hooksPath=node_modules/left-pad/hooks commit -m x"),
      "STOPPED",
      "-c in installed packages",
    ],
    [run("git -c core.hooksPath=vendor/lib/hooks commit -m x"), "STOPPED", "-c in vendored code"],
    [
      run("git -c core.hooksPath=.githooks -c core.fsmonitor=./watch.sh status"),
      "STOPPED",
      "repository hooks beside an fsmonitor command",
    ],
    [
      run("git -c core.hooksPath=.githooks -c core.sshCommand='sh -c id' fetch"),
      "STOPPED",
      "beside sshCommand",
    ],
    [run("git config --global core.hooksPath ~/.cache/h"), "STOPPED", "config --global"],
    [run("git config core.hooksPath node_modules/evil/hooks"), "STOPPED", "config to installed packages"],
  ]);
});
