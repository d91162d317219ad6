// Round 4: passwords in addresses handed to open-world tools escalate; releases attackers published under real
// package names block, whether installed or pinned; actions whose tags were repointed escalate when used by tag;
// the clean releases, placeholders and commit pins pass.
import { expectDecisions, run, tool, write } from "./decisions.ts";

Deno.test("installs of releases attackers published block; clean releases pass", async () => {
  await expectDecisions([
    [run("npm install ua-parser-js@0.7.29"), "BLOCK", "ua-parser-js hijack"],
    [run("npm i -D nx@21.5.0"), "BLOCK", "s1ngularity nx"],
    [run("pnpm add @ctrl/tinycolor@4.1.1"), "BLOCK", "Shai-Hulud"],
    [run("pip install ultralytics==8.3.41"), "BLOCK", "Ultralytics miner"],
    [run("pip install torchtriton"), "BLOCK", "name that only carried malware"],
    [run("npm install chalk@5.3.0 debug@4.3.7"), "ALLOW", "clean chalk and debug"],
    [run("pip install ultralytics==8.3.40"), "ALLOW", "clean Ultralytics"],
  ]);
});

Deno.test("pins of such releases block and repointed actions by tag escalate; fixed pins pass", async () => {
  await expectDecisions([
    [write("package.json", '{"dependencies": {"@solana/web3.js": "1.95.6"}}'), "BLOCK", "backdoored web3.js"],
    [write("requirements.txt", "requests==2.32.3\nctx==0.2.6\n"), "BLOCK", "hijacked ctx"],
    [write("package.json", '{"dependencies": {"@solana/web3.js": "1.95.8"}}'), "ALLOW", "fixed web3.js"],
    [write("requirements.txt", "requests==2.32.3\nctxkit==1.0.0\n"), "ALLOW", "other name"],
    [
      write(
        ".github/workflows/c.yml",
        "jobs:\n  c:\n    steps:\n      - uses: tj-actions/changed-files@v44\n",
      ),
      "ESCALATE",
      "repointed action by tag",
    ],
    [
      write(
        ".github/workflows/c.yml",
        "jobs:\n  c:\n    steps:\n      - uses: tj-actions/changed-files@ed68ef82c095e0d48ec87eccea555d944a631a4c\n",
      ),
      "ALLOW",
      "action pinned to a commit",
    ],
  ]);
});

Deno.test("open-world arguments with a password in an address or a seed phrase escalate; placeholders pass", async () => {
  await expectDecisions([
    [
      tool("mcp__calc__add", { a: 1, b: 2, sidenote: "postgres://admin:S3cr3tPw@db.acme.internal/prod" }),
      "ESCALATE",
      "database URL with its password",
    ],
    [
      tool("mcp__notes__search", {
        query: "standup",
        extra:
          "mnemonic: abandon ability able about above absent absorb abstract absurd abuse access accident",
      }),
      "ESCALATE",
      "seed phrase",
    ],
    [
      tool("mcp__db__connect", { url: "postgres://app:${DB_PASS}@db.acme.internal/prod" }),
      "ALLOW",
      "placeholder",
    ],
    [tool("mcp__db__connect", { url: "postgres://postgres:postgres@localhost:5432/test" }), "ALLOW", "local"],
  ]);
});
