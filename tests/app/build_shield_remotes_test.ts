/** The owners of the workspace repository's own git remotes reach Shield (round 41): built by the app from a real
 * .git/config, Shield asks before a submodule from an owner one letter from the project's owner, and not before
 * one from the owner itself. */

import assert from "node:assert/strict";
import { gitRemotes } from "../../src/app/build_shield.ts";
import { parseConfigText } from "../../src/config/load_config.ts";
import type { Action } from "../../src/shield/types.ts";
import { buildAppShield } from "../support/app_shield.ts";

const GIT_CONFIG = `[core]
\trepositoryformatversion = 0
[remote "origin"]
\turl = https://github.com/northwind/web.git
\tpushurl = git@github.com:northwind/web.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
[remote "upstream"]
\turl = git@gitlab.com:Acme-Corp/api.git
[remote "mirror"]
\turl = ssh://git@git.example.org:2222/platform-team/web.git
[remote "local"]
\turl = /srv/git/web.git
[remote "bare"]
\turl = https://example.net/web.git
`;

Deno.test("the remotes' owners are read from both URL forms, pushurl and every remote", async () => {
  const workspace = await Deno.makeTempDir({ prefix: "remotes_" });
  try {
    await Deno.mkdir(`${workspace}/.git`);
    await Deno.writeTextFile(`${workspace}/.git/config`, GIT_CONFIG);
    const remotes = await gitRemotes(workspace);
    assert.deepEqual(remotes.owners, ["northwind", "acme-corp", "platform-team"]);
    assert.deepEqual(remotes.hosts, ["github.com", "gitlab.com", "git.example.org", "example.net"]);
    await Deno.writeTextFile(
      `${workspace}/.git/config`,
      '[remote "o"]\n\turl = https://github.com/$(id)/x\n',
    );
    assert.deepEqual((await gitRemotes(workspace)).owners, []);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("a submodule from a lookalike of the remote's owner asks; the owner's own passes", async () => {
  const workspace = await Deno.makeTempDir({ prefix: "remotes_" });
  try {
    await Deno.mkdir(`${workspace}/.git`);
    await Deno.writeTextFile(`${workspace}/.git/config`, GIT_CONFIG);
    const { shield, asked } = await buildAppShield(parseConfigText("").config, workspace);
    const submodule = (url: string): Action => ({
      type: "execute_command",
      payload: { command: `git submodule add ${url} vendor/protos` },
    });
    assert.equal(
      (await shield.evaluate(submodule("https://github.com/northwind/shared-protos"))).decision,
      "ALLOW",
    );
    assert.deepEqual(asked, []);
    await shield.evaluate(submodule("https://github.com/nothwind/shared-protos"));
    await shield.evaluate(submodule("git@gitlab.com:acme-crop/protos.git"));
    assert.equal(asked.length, 2);
    assert.match(asked.join("\n"), /nothwind[\s\S]*acme-crop/);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});
