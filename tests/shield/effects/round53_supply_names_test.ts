/** Round 53: releases attackers published on crates.io, RubyGems, the Go proxy and npm (xrpl, @nx/*) BLOCK when
 * installed or pinned, their safe versions pass; unknown tools named to switch protections off ask whatever their
 * payload, and those that read a protection or switch off what protects nothing pass; an agent firewall's rules
 * written to allow everything ask. */

import { expectDecisions, run, tool, write } from "./decisions.ts";

Deno.test("known-malicious releases of every registry block; other versions of the same names pass", async () => {
  await expectDecisions([
    [tool("cargo", { args: ["add", "faster_log@0.1.4"] }), "BLOCK", "faster_log, any version"],
    [run("cargo install async_println --version 0.1.1"), "BLOCK", "async_println by option"],
    [tool("yarn", { args: ["add", "xrpl@4.2.1"] }), "BLOCK", "xrpl 4.2.1"],
    [run("pnpm add @nx/js@20.9.0"), "BLOCK", "s1ngularity @nx/js"],
    [tool("gem", { args: ["install", "rest-client", "-v", "1.6.13"] }), "BLOCK", "rest-client by -v"],
    [run("gem install strong_password --version 0.0.7"), "BLOCK", "strong_password by --version"],
    [run("go get github.com/boltdb-go/bolt@v1.3.1"), "BLOCK", "boltdb typosquat"],
    [run("pip install aiocpa==0.1.13"), "BLOCK", "aiocpa"],
    [write("Cargo.toml", '[dependencies]\nfaster_log = { version = "0.1.4" }\n'), "BLOCK", "crate pinned"],
    [write("web/package.json", '{"dependencies": {"xrpl": "^4.2.2"}}\n'), "BLOCK", "xrpl pinned"],
    [tool("yarn", { args: ["add", "xrpl@4.3.0"] }), "ALLOW", "fixed xrpl"],
    [run("gem install rest-client -v 2.1.0"), "ALLOW", "current rest-client"],
    [run("cargo add tokio@1.40 serde"), "ALLOW", "ordinary crates"],
    [run("go get github.com/boltdb/bolt@v1.3.1"), "ALLOW", "the real boltdb"],
    [write("Cargo.toml", '[dependencies]\nlog = "0.4"\nenv_logger = { version = "0.11" }\n'), "ALLOW", "log"],
  ]);
});

Deno.test("tools named to switch protections off ask, even with nothing in their payload", async () => {
  await expectDecisions([
    [tool("disable_shield", {}), "ESCALATE", "empty payload"],
    [tool("turn_off_safety_checks", { scope: "session" }), "ESCALATE", "safety off"],
    [tool("mcp__agent__set_yolo_mode", { enabled: true }), "ESCALATE", "yolo"],
    [tool("bypassGuard", {}), "ESCALATE", "camel case"],
    [tool("always_allow_tools", {}), "ESCALATE", "always allow"],
    [tool("get_shield_status", {}), "ALLOW", "reads the protection"],
    [tool("list_audit_events", { limit: 20 }), "ALLOW", "lists audit events"],
    [tool("disable_feature_flag", { flag: "new-checkout" }), "ALLOW", "a product flag"],
    [tool("stop_timer", {}), "ALLOW", "protects nothing"],
  ]);
});

Deno.test("an agent firewall's rules written to allow everything ask; a rule for one action passes", async () => {
  await expectDecisions([
    [
      write("/home/dev/project/.parapet/learned_rules.json", '[{"match":{"type":"*"},"decision":"allow"}]'),
      "ESCALATE",
      "wildcard learned rule",
    ],
    [write(".shield/policy.yaml", "default: allow\n"), "ESCALATE", "default allow"],
    [write("agent-firewall.yaml", 'rules:\n  - tools: ["*"]\n    action: approve\n'), "ESCALATE", "any tool"],
    [
      write(
        ".parapet/learned_rules.json",
        '[{"match":{"type":"read_file","path":"docs/**"},"decision":"allow"}]',
      ),
      "ALLOW",
      "one action",
    ],
    [
      write("iam/policy.json", '{"Effect":"Allow","Action":"logs:PutLogEvents","Resource":"*"}'),
      "ALLOW",
      "IAM",
    ],
  ]);
});
