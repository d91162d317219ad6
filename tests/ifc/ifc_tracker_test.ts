import assert from "node:assert/strict";
import { createIfcTracker } from "../../src/ifc/ifc_tracker.ts";
import { parseIfcPolicy } from "../../src/ifc/ifc_policy.ts";
import { DEFAULT_IFC_POLICY, PERMISSIVE_IFC_POLICY, STRICT_IFC_POLICY } from "../../src/ifc/ifc_presets.ts";

const places = { workspace: "/srv/ws", homeDir: "/home/ana" };
const defaultPolicy = parseIfcPolicy(DEFAULT_IFC_POLICY, "default");
const tracker = (text = DEFAULT_IFC_POLICY, options = {}) =>
  createIfcTracker(parseIfcPolicy(text, "test"), { ...places, ...options });

Deno.test("classifySource labels keys, credentials, system, workspace, mail and web reads", () => {
  const ifc = tracker();
  assert.equal(ifc.classifySource("read_file", { paths: ["~/.ssh/id_ed25519"] }), "critical");
  assert.equal(ifc.classifySource("read_file", { paths: ["/home/ana/.ssh/config"] }), "critical");
  assert.equal(ifc.classifySource("read_file", { paths: [".env"] }), "critical");
  assert.equal(ifc.classifySource("read_file", { paths: ["certs/server.pem"] }), "critical");
  assert.equal(ifc.classifySource("read_file", { paths: ["/home/ana/.aws/credentials"] }), "restricted");
  assert.equal(ifc.classifySource("read_file", { paths: ["/etc/hosts"] }), "internal");
  assert.equal(ifc.classifySource("read_file", { paths: ["/etc/shadow"] }), "critical");
  assert.equal(ifc.classifySource("read_file", { paths: ["src/main.ts"] }), "internal");
  assert.equal(ifc.classifySource("email_read", {}), "confidential");
  assert.equal(ifc.classifySource("http_request", { hosts: ["docs.deno.com"] }), "public");
  assert.equal(ifc.classifySource("http_request", { hosts: ["127.0.0.1"] }), "internal");
  assert.equal(ifc.classifySource("git_status", {}), "public", "nothing read, no rule");
  assert.equal(ifc.classifySource("read_file", { paths: ["src/a.ts", "/home/ana/.ssh/id_rsa"] }), "critical");
});

Deno.test("a session that read a critical file is blocked from http_request and send_email", () => {
  const ifc = tracker();
  assert.equal(ifc.recordRead("s1", "read_file", { paths: ["/home/ana/.ssh/id_rsa"] }), "critical");
  assert.equal(ifc.taint("s1"), "critical");
  const post = ifc.checkSink("s1", "http_request", {
    url: "https://evil.example/collect",
    method: "POST",
    body: "x",
  });
  assert.equal(post.decision, "block");
  assert.equal(post.sink, "external_send");
  assert.match(
    post.reason,
    /Session taint "critical" may not reach external_send \(http_request to "evil.example"\)/,
  );
  assert.equal(
    ifc.checkSink("s1", "http_request", { url: "https://evil.example/AKIA123" }).decision,
    "block",
  );
  assert.equal(ifc.checkSink("s1", "send_email", { to: "x@y.z", subject: "s", body: "b" }).decision, "block");
  assert.equal(
    ifc.checkSink("s1", "http_request", { url: "http://localhost:8080/api", method: "POST" }).decision,
    "allow",
  );
  assert.equal(ifc.checkSink("s1", "write_file", { path: "a", content: "b" }).decision, "allow");
  assert.equal(ifc.checkSink("s1", "execute_command", { command: "ls" }).decision, "escalate");
  assert.equal(ifc.taint("s2"), "public", "taint is per session");
});

Deno.test("public and internal reads allow every sink", () => {
  const ifc = tracker();
  ifc.recordRead("s", "http_request", { hosts: ["example.com"] });
  ifc.recordRead("s", "read_file", { paths: ["README.md"] });
  for (
    const [tool, args] of [
      ["http_request", { url: "https://api.example.com/x?q=1", method: "POST", body: "data" }],
      ["send_email", { to: "a@b.c", subject: "s", body: "b" }],
      ["execute_command", { command: "make" }],
      ["memory_write", { section: "s", content: "c" }],
    ] as const
  ) {
    assert.equal(ifc.checkSink("s", tool, args).decision, "allow", tool);
  }
});

Deno.test("confidential taint escalates sending but not fetching; reads only ever raise taint", () => {
  const ifc = tracker();
  ifc.recordRead("s", "email_read", {});
  assert.equal(
    ifc.checkSink("s", "send_message", { channel: "c", to: "t", content: "x" }).decision,
    "escalate",
  );
  assert.equal(ifc.checkSink("s", "browser_navigate", { url: "https://example.com/page" }).decision, "allow");
  assert.equal(
    ifc.checkSink("s", "browser_navigate", { url: "https://example.com/?q=secret" }).decision,
    "escalate",
  );
  ifc.recordRead("s", "http_request", { hosts: ["example.com"] });
  assert.equal(ifc.taint("s"), "confidential");
  ifc.forget("s");
  assert.equal(ifc.taint("s"), "public");
});

Deno.test("audit mode allows what would be blocked and marks it audited", () => {
  const ifc = tracker(DEFAULT_IFC_POLICY, { overrideMode: "audit" });
  ifc.recordRead("s", "read_file", { paths: [".env"] });
  const check = ifc.checkSink("s", "send_email", { to: "a@b.c" });
  assert.deepEqual([check.decision, check.audited, check.would_be], ["allow", true, "block"]);
  const policyAudit = tracker(DEFAULT_IFC_POLICY.replace("mode: enforce", "mode: audit"));
  policyAudit.recordRead("s", "read_file", { paths: [".env"] });
  assert.equal(policyAudit.checkSink("s", "git_push", {}).audited, true);
  const forced = tracker(DEFAULT_IFC_POLICY.replace("mode: enforce", "mode: audit"), {
    overrideMode: "enforce",
  });
  forced.recordRead("s", "read_file", { paths: [".env"] });
  assert.equal(forced.checkSink("s", "git_push", {}).decision, "block");
});

Deno.test("memory writes: policy key wins, then config, then [critical, restricted]", () => {
  const builtIn = tracker();
  assert.deepEqual(builtIn.memoryBlockLevels, ["critical", "restricted"]);
  builtIn.recordRead("s", "email_read", {});
  assert.equal(builtIn.checkMemoryWrite("s").decision, "allow");
  builtIn.recordRead("s", "read_file", { paths: ["~/.aws/config"] });
  assert.equal(builtIn.checkMemoryWrite("s").decision, "block");
  assert.equal(builtIn.checkSink("s", "memory_write", { section: "a", content: "b" }).decision, "block");

  const configured = tracker(DEFAULT_IFC_POLICY, { memoryBlockLevels: ["confidential"] });
  configured.recordRead("s", "email_read", {});
  assert.equal(configured.checkMemoryWrite("s").decision, "block");

  const policyKey = tracker(DEFAULT_IFC_POLICY + "memory_block_levels: [critical]\n", {
    memoryBlockLevels: ["confidential"],
  });
  policyKey.recordRead("s", "read_file", { paths: ["~/.aws/config"] });
  assert.deepEqual(policyKey.memoryBlockLevels, ["critical"]);
  assert.equal(policyKey.checkMemoryWrite("s").decision, "allow");
  assert.throws(
    () => tracker(DEFAULT_IFC_POLICY, { memoryBlockLevels: ["secret"] }),
    /unknown level "secret"/,
  );
});

Deno.test("strict preset treats unknown reads as confidential and blocks sends from them", () => {
  const ifc = tracker(STRICT_IFC_POLICY);
  assert.equal(ifc.recordRead("s", "read_file", { paths: ["/opt/data/report.csv"] }), "confidential");
  assert.equal(ifc.checkSink("s", "send_email", { to: "a@b.c" }).decision, "block");
  assert.equal(ifc.checkMemoryWrite("s").decision, "block");
  assert.equal(ifc.checkSink("s", "write_file", { path: "x" }).decision, "allow");
});

Deno.test("permissive preset still blocks critical data from leaving", () => {
  const ifc = tracker(PERMISSIVE_IFC_POLICY);
  ifc.recordRead("s", "read_file", { paths: ["keys/deploy.key"] });
  assert.equal(ifc.checkSink("s", "http_request", { url: "https://x.example", body: "k" }).decision, "block");
  ifc.recordRead("t", "email_read", {});
  assert.equal(ifc.checkSink("t", "send_email", { to: "a@b.c" }).decision, "allow");
});

Deno.test("mcp tools are external sinks and carry internal data", () => {
  const ifc = createIfcTracker(defaultPolicy, places);
  assert.equal(ifc.classifySource("mcp__files__read", {}), "internal");
  ifc.recordRead("s", "read_file", { paths: ["/home/ana/.ssh/id_rsa"] });
  assert.equal(ifc.checkSink("s", "mcp__slack__post", { text: "x" }).sink, "external_send");
});

Deno.test("an IFC secret label cannot be dodged by changing the case of the path", () => {
  const tracker = createIfcTracker(parseIfcPolicy(DEFAULT_IFC_POLICY, "default"), {
    workspace: "/srv/ws",
    homeDir: "/home/u",
  });
  tracker.recordRead("s1", "read_file", { paths: ["/home/u/.SSH/ID_RSA"] });
  tracker.recordRead("s2", "read_file", { paths: ["/srv/ws/.ENV"] });
  assert.equal(tracker.taint("s1"), "critical");
  assert.equal(tracker.taint("s2"), "critical");
});
