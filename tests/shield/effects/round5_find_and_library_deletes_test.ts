// Round 5 checks, eighth batch: deletes by `find -delete`/`-exec rm` judged by where they start, and home folders
// deleted by perl `remove_tree` or node `rmSync` with `homedir()`.
import { expectDecisions, run } from "./decisions.ts";

Deno.test("find deletes outside the workspace are escalated; project, temp and filtered system cleanups pass", async () => {
  await expectDecisions([
    [run("find ~/projects -delete"), "ESCALATE", "home folder"],
    [run("find /home/dev/Documents -type f -exec rm {} +"), "ESCALATE", "documents"],
    [run("find . -name '*.pyc' -delete"), "ALLOW", "project"],
    [run("find /tmp -maxdepth 1 -name 'pytest-*' -exec rm -rf {} +"), "ALLOW", "temp"],
    [run("sudo find /var/log/nginx -name '*.gz' -mtime +30 -delete"), "ALLOW", "log rotation"],
  ]);
});

Deno.test("library deletes of home folders are stopped; a project folder passes", async () => {
  await expectDecisions([
    [run(`perl -e 'use File::Path qw(remove_tree); remove_tree(glob("~/projects"))'`), "STOPPED", "perl"],
    [
      run(`node -e "require('fs').rmSync(require('os').homedir()+'/projects',{recursive:true,force:true})"`),
      "STOPPED",
      "node",
    ],
    [run(`node -e "require('fs').rmSync('dist',{recursive:true,force:true})"`), "ALLOW", "build folder"],
  ]);
});
