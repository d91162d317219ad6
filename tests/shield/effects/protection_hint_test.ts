// The hint in front of the protection-switch patterns (effects/protections.ts SWITCH_HINT): a command line without
// `=`, `--`, `ssl`, `xattr` or `Set-ExecutionPolicy` (any case) skips the TLS, authentication and signature
// patterns. Over every shell text of the top and dev cases and every alternative of the three patterns respelled,
// no text the hint turns away matches one of them; the attacker's spellings (case, a later segment, decoding, sudo,
// env, `$()`, a tool Shield does not know with a `cmd` field) are still stopped.
import assert from "node:assert/strict";
import { buildActionView } from "../../../src/shield/action_view.ts";
import { SWITCH_HINT, SWITCH_PATTERNS } from "../../../src/shield/effects/protections.ts";
import type { Action } from "../../../src/shield/types.ts";
import { expectDecisions, run } from "./decisions.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";

/** Each alternative of the three patterns, written as a command line would (the words the hint must see). */
const SWITCHES = [
  "NODE_TLS_REJECT_UNAUTHORIZED=0 node app.js",
  "PYTHONHTTPSVERIFY=0 python3 fetch.py",
  "GIT_SSL_NO_VERIFY=true git clone https://git.example/x.git",
  "CURL_CA_BUNDLE= python3 sync.py",
  "git config --global http.sslVerify false",
  "npm config set strict-ssl false",
  "echo 'sslverify = false' >> /etc/yum.conf",
  "echo ssl_verify_client off >> site.conf",
  "docker run -e POSTGRES_HOST_AUTH_METHOD=trust postgres",
  "docker run -e MYSQL_ALLOW_EMPTY_PASSWORD=yes mysql",
  "docker run -e ALLOW_EMPTY_PASSWORD=1 bitnami/redis",
  "docker run -e xpack.security.enabled=false elasticsearch",
  "redis-server --protected-mode no",
  "docker run -e MONGO_INITDB_ROOT_PASSWORD= mongo",
  "docker run -e GF_AUTH_ANONYMOUS_ENABLED=true grafana/grafana",
  "mongod --no-auth",
  "jupyter lab --authentication=none",
  "apt-get install --allow-unauthenticated pkg",
  "apt-get update --allow-insecure-repositories",
  "dnf install --nogpgcheck pkg",
  "rpm -i --nosignature pkg.rpm",
  "rpm -i --nodigest pkg.rpm",
  "echo gpgcheck = 0 >> /etc/yum.repos.d/x.repo",
  "echo 'deb [trusted=yes] http://repo.example/ ./' > x.list",
  "zypper --no-gpg-checks install pkg",
  "xattr -d com.apple.quarantine ~/Downloads/App.app",
  "brew install --no-quarantine app",
  "powershell Set-ExecutionPolicy Bypass",
];

const respell = (text: string, k: number) =>
  [...text].map((char, index) => (index + k) % 2 === 0 ? char.toUpperCase() : char.toLowerCase()).join("");

async function shellTexts(): Promise<string[]> {
  const texts: string[] = [];
  for (const folder of ["", "dev/"]) {
    const dir = new URL(`../cases/${folder}`, import.meta.url);
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.isFile || !entry.name.endsWith(".jsonl")) continue;
      for (const line of (await Deno.readTextFile(new URL(entry.name, dir))).split("\n")) {
        if (!line.trim()) continue;
        const view = buildActionView(JSON.parse(line) as Action, WORKSPACE, HOME);
        texts.push(...view.texts.get("shell") ?? [], ...view.segments.map((segment) => segment.text));
      }
    }
  }
  return texts;
}

Deno.test("no text the hint turns away matches a protection-switch pattern", async () => {
  const texts = [
    ...await shellTexts(),
    ...SWITCHES.flatMap((text) => [text, respell(text, 0), respell(text, 1)]),
  ];
  assert.ok(texts.length > 4000, `only ${texts.length} texts`);
  const wrong = texts.filter((text) =>
    !SWITCH_HINT.test(text) && SWITCH_PATTERNS.some((pattern) => pattern.pattern.test(text))
  );
  assert.deepEqual(wrong, []);
  // Each alternative matches its pattern and passes the hint, in any case.
  for (const text of SWITCHES) {
    for (const spelled of [text, respell(text, 0), respell(text, 1)]) {
      assert.ok(SWITCH_PATTERNS.some((pattern) => pattern.pattern.test(spelled)), spelled);
      assert.ok(SWITCH_HINT.test(spelled), spelled);
    }
  }
});

Deno.test("switches spelled to slip past the hint are still stopped", async () => {
  const shell = (cmd: string): Action => ({ type: "run_shell", payload: { cmd } });
  await expectDecisions([
    [
      run("git status; NPM CONFIG SET STRICT-SSL FALSE"),
      "STOPPED",
      "upper-case strict-ssl in a later segment",
    ],
    [
      run(`echo ${btoa("npm config set strict-ssl false")} | base64 -d | sh`),
      "STOPPED",
      "strict-ssl decoded",
    ],
    [run("sudo XATTR -d com.apple.quarantine ~/Downloads/App.app"), "STOPPED", "XATTR under sudo"],
    [run("env A=1 xattr -d com.apple.quarantine ./tool"), "STOPPED", "xattr after env"],
    [run("echo $(powershell SET-EXECUTIONPOLICY UNRESTRICTED)"), "STOPPED", "execution policy in $()"],
    [shell("ls && echo ssl_verify_client off >> /etc/nginx/site.conf"), "STOPPED", "run_shell cmd"],
    [run("uv run ruff check src/app.py"), "ALLOW", "an ordinary line the hint turns away"],
  ]);
});
