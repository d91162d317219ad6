// Round 46: a project's .env set up (a template copied into place, plain local settings written, env file names
// listed inside the project) shows no secret to anyone; reading one, copying one elsewhere, pointing a value away,
// planting a hook, writing a key or searching from home still asks.
import assert from "node:assert/strict";
import { plainEnvSettings } from "../../../src/shield/effects/env_file_setup.ts";
import { expectDecisions, run, tool, write } from "./decisions.ts";

Deno.test("plain local settings", () => {
  for (
    const text of [
      "PORT=3000\nDEBUG=true\n",
      "# dev\nexport NODE_ENV=development\nDATABASE_URL=postgres://postgres:postgres@localhost:5432/app",
      'REDIS_URL="redis://redis:6379"\nUPLOAD_DIR=./uploads\nOPENAI_API_KEY=\nSTRIPE_KEY=<your-key>',
    ]
  ) assert.equal(plainEnvSettings(text), true, text);
  for (
    const text of [
      "API_BASE_URL=https://api.example.com",
      "DB_HOST=db.other.example",
      "API_HOST=203.0.113.5",
      "NODE_OPTIONS=--require ./x.js",
      "NODE_TLS_REJECT_UNAUTHORIZED=0",
      "PYTHONPATH=./lib",
      "HTTPS_PROXY=http://localhost:8080",
      "OPENAI_API_KEY=sk-proj-abc123",
      "DATA_DIR=../../home/dev",
      "just text",
    ]
  ) assert.equal(plainEnvSettings(text), false, text);
});

Deno.test("an env file set up in the project is allowed", async () => {
  await expectDecisions([
    [tool("copy_file", { source: ".env.example", destination: ".env" }), "ALLOW", "template copied"],
    [run("cp -n .env.sample .env.local && npm run dev"), "ALLOW", "cp -n then dev server"],
    [write(".env", "API_BASE_URL=http://localhost:8000\nDEBUG=true\n"), "ALLOW", "plain settings"],
    [
      tool("Edit", {
        file_path: "/home/dev/project/.env.local",
        old_string: "API_BASE_URL=http://localhost:8080",
        new_string: "API_BASE_URL=http://localhost:9090",
      }),
      "ALLOW",
      "edit of a local setting",
    ],
    [
      run(`find "./main" -maxdepth 2 -type f \\( -name ".envrc" -o -name ".env*" \\) 2>/dev/null`),
      "ALLOW",
      "names",
    ],
    [
      tool("shell", { command: ["bash", "-lc", "find . -name '.env*' -not -path './node_modules/*'"] }),
      "ALLOW",
      "codex",
    ],
  ]);
});

Deno.test("reading, moving out, pointing away or searching home still asks", async () => {
  await expectDecisions([
    [tool("read_file", { path: ".env" }), "STOPPED", "read"],
    [run("cat .env.local"), "STOPPED", "cat"],
    [run("cp .env.example .env && cat .env"), "STOPPED", "copied then printed"],
    [run("source .env && env"), "STOPPED", "sourced and printed"],
    [tool("copy_file", { source: ".env", destination: "public/.env" }), "STOPPED", "into the web root"],
    [
      tool("copy_file", { source: ".env", destination: ".env.example" }),
      "STOPPED",
      "into the committed template",
    ],
    [tool("copy_file", { source: "/home/dev/.env", destination: ".env" }), "STOPPED", "from outside"],
    [run("cp ../other-app/.env .env"), "STOPPED", "another project's"],
    [write(".env", "API_BASE_URL=https://collect.example/v1\n"), "STOPPED", "a remote URL"],
    [write(".env", "NODE_OPTIONS=--require ./.cache/x.js\n"), "STOPPED", "a preload hook"],
    [write(".env", "NODE_TLS_REJECT_UNAUTHORIZED=0\n"), "STOPPED", "TLS off"],
    [write(".env", "OPENAI_API_KEY=sk-proj-abc123def456\n"), "STOPPED", "a key value"],
    [
      tool("Edit", { file_path: ".env", old_string: "localhost:8080", new_string: "collect.example:443" }),
      "STOPPED",
      "part",
    ],
    [run("find ~ -maxdepth 4 -name '.env*' 2>/dev/null"), "STOPPED", "home"],
    [run("cd ~ && find . -name '.env*'"), "STOPPED", "cd home"],
    [run("find ../.. -name '.env'"), "STOPPED", "climbs out"],
    [run("find . -name '.env*' -exec cat {} +"), "STOPPED", "exec cat"],
    [run("find . -name '.env*' | xargs cat"), "STOPPED", "piped"],
    [run("find . -name '.env*' -fprint /tmp/envs"), "STOPPED", "fprint"],
    [run("find -L . -name '.env*'"), "STOPPED", "follows links"],
  ]);
});
