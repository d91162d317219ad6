import assert from "node:assert/strict";
import { blockedAddressReason, checkUrl, parseIpAddress, SsrfError } from "../../src/sandbox/ssrf_guard.ts";

const publicResolver = (addresses: Record<string, string[]>) => (host: string) =>
  Promise.resolve(addresses[host] ?? ["93.184.216.34"]);

async function refusedReason(url: string, addresses: Record<string, string[]> = {}): Promise<string> {
  try {
    await checkUrl(url, { resolveHost: publicResolver(addresses) });
  } catch (error) {
    assert.ok(error instanceof SsrfError, `expected SsrfError, got ${error}`);
    return error.message;
  }
  assert.fail(`expected "${url}" to be refused`);
}

Deno.test("blockedAddressReason names every blocked IPv4 range", () => {
  const cases: [string, RegExp][] = [
    ["127.0.0.1", /loopback/],
    ["127.255.1.2", /loopback/],
    ["10.1.2.3", /private \(10/],
    ["172.16.0.1", /private \(172\.16/],
    ["172.31.255.255", /private \(172\.16/],
    ["192.168.1.1", /private \(192\.168/],
    ["169.254.1.1", /link-local/],
    ["169.254.169.254", /cloud metadata/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.127.255.255", /carrier-grade NAT/],
    ["0.0.0.0", /this network/],
    ["0.1.2.3", /this network/],
    ["224.0.0.1", /multicast/],
    ["239.255.255.250", /multicast/],
    ["255.255.255.255", /broadcast/],
    ["192.0.0.192", /IETF/],
  ];
  for (const [address, reason] of cases) {
    assert.match(blockedAddressReason(address) ?? "allowed", reason, address);
  }
});

Deno.test("blockedAddressReason names every blocked IPv6 range, including embedded IPv4", () => {
  const cases: [string, RegExp][] = [
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["fc00::1", /unique local/],
    ["fdff:ffff::1", /unique local/],
    ["fd00:ec2::254", /cloud metadata/],
    ["fe80::1", /link-local/],
    ["febf::1", /link-local/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /loopback.*embedded/],
    ["::ffff:7f00:1", /loopback.*embedded/],
    ["::ffff:169.254.169.254", /cloud metadata/],
    ["::127.0.0.1", /loopback/],
    ["64:ff9b::10.0.0.1", /private/],
    ["2002:a9fe:a9fe::1", /cloud metadata/],
  ];
  for (const [address, reason] of cases) {
    assert.match(blockedAddressReason(address) ?? "allowed", reason, address);
  }
});

Deno.test("blockedAddressReason lets public addresses through", () => {
  for (
    const address of [
      "93.184.216.34",
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
    ]
  ) {
    assert.equal(blockedAddressReason(address), undefined, address);
  }
});

Deno.test("parseIpAddress reads decimal, octal, hex and shortened IPv4 forms", () => {
  const loopback = { family: 4, bytes: [127, 0, 0, 1] };
  for (
    const form of [
      "127.0.0.1",
      "2130706433",
      "0x7f000001",
      "0x7f.1",
      "0177.0.0.1",
      "127.1",
      "127.0.1",
      "0x7F.0.0.0x1",
    ]
  ) {
    assert.deepEqual(parseIpAddress(form), loopback, form);
  }
  assert.equal(parseIpAddress("example.com"), undefined);
  assert.equal(parseIpAddress("256.1.1.1"), undefined);
  assert.deepEqual(parseIpAddress("[::1]")?.bytes, [...new Array(15).fill(0), 1]);
});

Deno.test("checkUrl refuses loopback and private hosts in every literal form", async () => {
  const urls = [
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0177.0.0.1:8080/x",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://10.0.0.5/",
    "http://0.0.0.0/",
    "https://192.168.0.1/",
  ];
  for (const url of urls) assert.match(await refusedReason(url), /blocked range/, url);
});

Deno.test("checkUrl refuses local and metadata host names before resolving them", async () => {
  for (
    const url of [
      "http://localhost/",
      "http://LOCALHOST./",
      "http://api.localhost/",
      "http://metadata.google.internal/",
    ]
  ) {
    assert.match(await refusedReason(url), /a local or metadata host name/, url);
  }
});

Deno.test("checkUrl refuses a name that resolves to a private address", async () => {
  const message = await refusedReason("http://evil.example/", {
    "evil.example": ["93.184.216.34", "10.0.0.1"],
  });
  assert.equal(
    message,
    'Refused "http://evil.example/": host "evil.example" (resolves to 10.0.0.1) is in a blocked range: private (10.0.0.0/8)',
  );
});

Deno.test("checkUrl refuses other schemes and credentials, and accepts public URLs", async () => {
  assert.match(await refusedReason("file:///etc/passwd"), /only http and https/);
  assert.match(await refusedReason("gopher://example.com/"), /only http and https/);
  assert.match(await refusedReason("http://user:pw@example.com/"), /credentials/);
  assert.match(await refusedReason("not a url"), /Invalid URL/);
  const checked = await checkUrl("https://example.com/a?b=1", { resolveHost: publicResolver({}) });
  assert.equal(checked.host, "example.com");
  assert.equal(checked.address, "93.184.216.34");
});

Deno.test("checkUrl exempts allowHosts from the range check", async () => {
  const checked = await checkUrl("http://127.0.0.1:8080/", { allowHosts: ["127.0.0.1"] });
  assert.equal(checked.address, "127.0.0.1");
});

Deno.test("checkUrl reports a host that cannot be resolved", async () => {
  const failing = () => Promise.reject(new Error("NXDOMAIN"));
  await assert.rejects(
    checkUrl("http://nowhere.invalid/", { resolveHost: failing }),
    /Cannot resolve "nowhere.invalid": NXDOMAIN/,
  );
});
