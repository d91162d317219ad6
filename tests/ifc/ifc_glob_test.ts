import assert from "node:assert/strict";
import { nameGlob, pathGlob } from "../../src/ifc/ifc_glob.ts";

Deno.test("pathGlob: ** spans directories, * stays in one segment", () => {
  assert.ok(pathGlob("**/.env").test("/srv/ws/.env"));
  assert.ok(pathGlob("**/.env").test(".env"));
  assert.ok(!pathGlob("**/.env").test("/srv/ws/a.env"));
  assert.ok(pathGlob("/home/a/.ssh/**").test("/home/a/.ssh"));
  assert.ok(pathGlob("/home/a/.ssh/**").test("/home/a/.ssh/keys/id_rsa"));
  assert.ok(!pathGlob("/home/a/.ssh/**").test("/home/a/.sshx"));
  assert.ok(pathGlob("/etc/*.conf").test("/etc/a.conf"));
  assert.ok(!pathGlob("/etc/*.conf").test("/etc/x/a.conf"));
  assert.ok(pathGlob("**/*.{pem,key}").test("/a/b.key"));
});

Deno.test("nameGlob matches hosts and tool names case-insensitively", () => {
  assert.ok(nameGlob("*.example.com").test("API.example.com"));
  assert.ok(!nameGlob("*.example.com").test("example.com.evil.net"));
  assert.ok(nameGlob("mcp__*").test("mcp__fs__read"));
  assert.ok(nameGlob("127.*").test("127.0.0.1"));
});
