/** The browser's connection rules without a browser: the SSRF ranges, DNS answers pinned (a name that resolves
 * to a private address is refused; a public one is connected to by address), this machine, the engine's port. */
import { assertEquals, assertRejects } from "../../support/assert.ts";
import { createEgressRules } from "../../../src/tools/browser/egress_rules.ts";
import { SsrfError } from "../../../src/sandbox/ssrf_guard.ts";

const resolveHost = (answers: Record<string, string[]>) => (host: string) =>
  Promise.resolve(answers[host] ?? []);

Deno.test("a public name is reached by the address that was checked", async () => {
  const decide = createEgressRules({
    resolveHost: resolveHost({ "news.example": ["93.184.216.34"] }),
    localAddresses: () => [],
  });
  assertEquals(await decide("news.example", 443), { hostname: "93.184.216.34", port: 443 });
  assertEquals(await decide("NEWS.example.", 80), { hostname: "93.184.216.34", port: 80 });
});

Deno.test("a name resolving to a private or loopback address is refused (DNS rebinding)", async () => {
  const decide = createEgressRules({
    resolveHost: resolveHost({
      "rebind.example": ["93.184.216.34", "127.0.0.1"],
      "intranet.example": ["10.1.2.3"],
    }),
    localAddresses: () => [],
  });
  await assertRejects(() => decide("rebind.example", 80), SsrfError, "loopback");
  await assertRejects(() => decide("intranet.example", 80), SsrfError, "private (10.0.0.0/8)");
  await assertRejects(() => decide("unknown.example", 80), SsrfError, 'Cannot resolve "unknown.example"');
});

Deno.test("address literals in blocked ranges and local host names are refused", async () => {
  const decide = createEgressRules({ localAddresses: () => [] });
  for (
    const host of ["127.0.0.1", "::1", "169.254.169.254", "fd00::2", "0.0.0.0", "localhost", "x.localhost"]
  ) {
    await assertRejects(() => decide(host, 80), SsrfError, `Refused "`);
  }
});

Deno.test("this machine's own public address is refused", async () => {
  const decide = createEgressRules({ localAddresses: () => ["198.51.100.7", "127.0.0.1"] });
  await assertRejects(() => decide("198.51.100.7", 8080), SsrfError, "is an address of this machine");
});

Deno.test("allowed hosts are reached by name, except on the engine's port", async () => {
  const decide = createEgressRules({
    allowHosts: ["localhost"],
    enginePorts: () => [3100],
    localAddresses: () => [],
  });
  assertEquals(await decide("localhost", 8080), { hostname: "localhost", port: 8080 });
  await assertRejects(() => decide("localhost", 3100), SsrfError, "the engine's own port");
  // Only the listed name: its address is not allowed through another spelling.
  await assertRejects(() => decide("127.0.0.1", 8080), SsrfError, "loopback");
});
