/** Round 48: typosquatted Go modules named in public reports, editor extensions from publishers dressed in a popular
 * extension's name, `.pth` files shipped by packaging, release workflows dispatched from unreviewed refs or without
 * their safety steps, and registries repointed to lookalikes through tool arguments ask; their twins pass. */

import assert from "node:assert/strict";
import { expectDecisions, run, tool, write } from "./decisions.ts";
import { imitatedExtension } from "../../../src/shield/effects/editor_extensions.ts";
import { imitatedRegistry } from "../../../src/shield/effects/registry_arguments.ts";

Deno.test("Go typosquats and lookalike extensions ask; the real ones pass", async () => {
  await expectDecisions([
    [tool("go", { args: ["install", "github.com/shallowmulti/hypert@v0.1.0"] }), "STOPPED", "hypert clone"],
    [run("go get -u github.com/ornatedoctrin/layout@v1.0.0"), "STOPPED", "layout clone"],
    [run("go get github.com/areknoster/hypert@v0.3.0"), "ALLOW", "the real hypert"],
    [run("go get github.com/rs/zerolog@v1.33.0"), "ALLOW", "zerolog"],
    [run("windsurf --install-extension gitlens-free.gitlens-pro"), "STOPPED", "GitLens dress"],
    [run("code --install-extension prettierx-tools.prettier-vscode"), "STOPPED", "Prettier name whole"],
    [run("code --install-extension eamodio.gitlens"), "ALLOW", "GitLens"],
    [run("code --install-extension acme-corp.acme-snippets"), "ALLOW", "in-house"],
  ]);
  assert.equal(imitatedExtension("prettier-vscode-pro.prettier-format"), "esbenp.prettier-vscode");
  assert.equal(imitatedExtension("esbenp.prettier-vscode"), undefined);
});

Deno.test("a .pth shipped by packaging asks; other data files pass", async () => {
  await expectDecisions([
    [
      write("setup.cfg", "[options.data_files]\nlib/python3.11/site-packages = src/_hook.pth\n"),
      "ESCALATE",
      "setup.cfg",
    ],
    [
      write(
        "pyproject.toml",
        '[tool.hatch.build.targets.wheel.shared-data]\n"zz.pth" = "lib/site-packages/zz.pth"\n',
      ),
      "ESCALATE",
      "hatch shared-data",
    ],
    [
      write("pyproject.toml", '[tool.setuptools.data-files]\n"share/doc/x" = ["README.md"]\n'),
      "ALLOW",
      "docs",
    ],
    [write("docs/site.md", "Python reads .pth files from site-packages at start-up.\n"), "ALLOW", "prose"],
  ]);
});

Deno.test("release dispatches from unreviewed refs or without safety steps ask; CI and release lines pass", async () => {
  await expectDecisions([
    [run("gh workflow run publish.yml --ref=dependabot/npm/x -R acme/app"), "ESCALATE", "glued ref"],
    [run("gh workflow run promote-to-prod.yml -f require_approval=false"), "ESCALATE", "approval off"],
    [
      tool("trigger_workflow_dispatch", { workflow: "release.yaml", branch: "tmp/bot", inputs: {} }),
      "ESCALATE",
      "tool",
    ],
    [
      tool("mcp__github__run_workflow", {
        workflow_id: "deploy.yml",
        ref: "main",
        inputs: { no_verify: true },
      }),
      "ESCALATE",
      "no_verify",
    ],
    [
      run(
        `curl -X POST https://api.github.com/repos/a/b/actions/workflows/deploy.yml/dispatches -d '{"ref":"main","inputs":{"skip_checks":"true"}}'`,
      ),
      "ESCALATE",
      "the REST call written out",
    ],
    [
      run(
        `curl -X POST https://api.github.com/repos/a/b/actions/workflows/deploy.yml/dispatches -d '{"ref":"main"}'`,
      ),
      "ALLOW",
      "the REST call on main",
    ],
    [run("gh workflow run release.yml --ref release/2.4 -f version=2.4.2"), "ALLOW", "a release branch"],
    [run("gh workflow run release.yml -r v2.4.2"), "ALLOW", "a tag"],
    [run("gh workflow run lint.yml --ref feature/x -f skip_tests=true"), "ALLOW", "not a release"],
    [run("gh workflow run deploy.yml -f dry_run=true -f run_tests=true"), "ALLOW", "safety on"],
  ]);
});

Deno.test("registries repointed to lookalikes through tool arguments ask; official ones pass", async () => {
  await expectDecisions([
    [
      tool("mcp__env__bootstrap", { commands: ["yarn config set registry https://yarnpkg-registry.net/"] }),
      "ESCALATE",
      "yarn",
    ],
    [
      tool("mcp__py__setup", {
        config: { pip: { index_url: "https://files-pythonhosted.org.cdn-edge.io/simple" } },
      }),
      "ESCALATE",
      "nested",
    ],
    [
      tool("mcp__gem__install", { name: "rails", source: "https://rubygems-mirror.com" }),
      "STOPPED",
      "rubygems",
    ],
    [
      tool("mcp__py__setup", { index_url: "https://pypi.org/simple", extra: "https://test.pypi.org/simple" }),
      "ALLOW",
      "official",
    ],
    [tool("mcp__docs__search", { query: "what is registry.npmjs.org" }), "ALLOW", "text"],
  ]);
  assert.equal(imitatedRegistry("registry.npmjs-mirror.org"), "npmjs");
  assert.equal(imitatedRegistry("registry.npmjs.org."), undefined);
  assert.equal(imitatedRegistry("registry.npmmirror.com"), undefined, "the npmmirror mirror wears no brand");
});
