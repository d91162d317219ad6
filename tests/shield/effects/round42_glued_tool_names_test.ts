/** Round 42: an npm name that glues a popular framework's name to a real tool's stem (`react-codeshift` for
 * `jscodeshift`) asks, installed, run with npx or written into package.json; the real tool, a popular integration
 * and React's own codemods pass. */

import assert from "node:assert/strict";
import { expectDecisions, run, tool, write } from "./decisions.ts";
import { gluedToolTarget } from "../../../src/shield/effects/glued_tool_names.ts";

Deno.test("a framework glued to a js tool's stem asks; the tools and popular integrations pass", async () => {
  await expectDecisions([
    [run("npm install react-codeshift@latest"), "ESCALATE", "react + jscodeshift"],
    [run("npx next-codeshift@latest transform ./app"), "ESCALATE", "npx, next + jscodeshift"],
    [
      tool("run_shell_command", { command: "pnpm add -D express-beautify" }),
      "ESCALATE",
      "express + js-beautify",
    ],
    [tool("terminal", { cmd: "yarn add eslint-tokens" }), "ESCALATE", "eslint + js-tokens"],
    [write("package.json", '{"devDependencies": {"react-codeshift": "latest"}}\n'), "ESCALATE", "manifest"],
    [run("npm install -D jscodeshift@latest"), "ALLOW", "the tool"],
    [run("npm i react-cookie"), "ALLOW", "a popular integration whose stem is a package"],
    [run("npx react-codemod rename-unsafe-lifecycles src/"), "ALLOW", "React's codemods"],
    [run("pnpm add -D js-beautify"), "ALLOW", "the formatter"],
  ]);
});

Deno.test("glued names: a popular head, one dash, a js tool's stem that is no package itself", () => {
  assert.equal(gluedToolTarget("react-codeshift"), "jscodeshift");
  assert.equal(gluedToolTarget("React-Codeshift"), "jscodeshift");
  assert.equal(gluedToolTarget("express-beautify"), "js-beautify");
  assert.equal(gluedToolTarget("react-sortable"), "sortablejs");
  assert.equal(gluedToolTarget("react-dom"), undefined, "popular itself");
  assert.equal(gluedToolTarget("react-cookie"), undefined, "cookie is a package");
  assert.equal(gluedToolTarget("react-codeshift-cli"), undefined, "two dashes: the stacked-affix check's");
  assert.equal(gluedToolTarget("@react/codeshift"), undefined, "scoped");
  assert.equal(gluedToolTarget("zzqx-codeshift"), undefined, "head not popular");
});
