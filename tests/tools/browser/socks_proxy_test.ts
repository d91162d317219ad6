/** The SOCKS5 proxy spoken to byte by byte, as Chromium does: a connection goes to the address the decider chose
 * (never re-resolved), a refused one gets the "not allowed" reply and reaches nothing, bad greetings are dropped. */
import { assert, assertEquals } from "../../support/assert.ts";
import { startSocksProxy } from "../../../src/tools/browser/socks_proxy.ts";

async function readExactly(connection: Deno.Conn, length: number): Promise<Uint8Array> {
  const out = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const count = await connection.read(out.subarray(filled));
    if (count === null) throw new Error(`Connection closed after ${filled} of ${length} bytes`);
    filled += count;
  }
  return out;
}

/** Greets, asks for host:port by name, returns the reply code and the open connection. */
async function socksConnect(proxyPort: number, host: string, port: number) {
  const connection = await Deno.connect({ hostname: "127.0.0.1", port: proxyPort });
  await connection.write(new Uint8Array([5, 1, 0]));
  assertEquals([...await readExactly(connection, 2)], [5, 0]);
  const name = new TextEncoder().encode(host);
  await connection.write(new Uint8Array([5, 1, 0, 3, name.length, ...name, port >> 8, port & 0xff]));
  const reply = await readExactly(connection, 10);
  return { code: reply[1], connection };
}

function echoServer() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepted: Deno.Conn[] = [];
  const serving = (async () => {
    for await (const connection of listener) {
      accepted.push(connection);
      (async () => {
        const buffer = new Uint8Array(1024);
        let count: number | null;
        while ((count = await connection.read(buffer).catch(() => null)) !== null) {
          await connection.write(buffer.subarray(0, count)).catch(() => 0);
        }
        try {
          connection.close();
        } catch {
          // closed by the test already
        }
      })();
    }
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    accepted,
    close: async () => (listener.close(), await serving),
  };
}

Deno.test("the proxy connects to the address the decider chose, whatever name was asked for", async () => {
  const echo = echoServer();
  const asked: string[] = [];
  const proxy = startSocksProxy({
    decide: (host, port) => {
      asked.push(`${host}:${port}`);
      return Promise.resolve({ hostname: "127.0.0.1", port: echo.port });
    },
  });
  try {
    const { code, connection } = await socksConnect(proxy.port, "pinned.example", 80);
    assertEquals(code, 0);
    await connection.write(new TextEncoder().encode("hello"));
    assertEquals(new TextDecoder().decode(await readExactly(connection, 5)), "hello");
    connection.close();
    assertEquals(asked, ["pinned.example:80"]);
  } finally {
    await proxy.close();
    await echo.close();
  }
});

Deno.test("a refused connection gets reply 2, is reported, and reaches nothing", async () => {
  const echo = echoServer();
  const refused: string[] = [];
  const proxy = startSocksProxy({
    decide: () => Promise.reject(new Error("loopback")),
    onRefused: (host, port, reason) => refused.push(`${host}:${port} ${reason}`),
  });
  try {
    const { code, connection } = await socksConnect(proxy.port, "127.0.0.1", echo.port);
    assertEquals(code, 2);
    assertEquals(await connection.read(new Uint8Array(1)), null);
    connection.close();
    assertEquals(refused, [`127.0.0.1:${echo.port} loopback`]);
    assertEquals(echo.accepted.length, 0);
  } finally {
    await proxy.close();
    await echo.close();
  }
});

Deno.test("a target that refuses the connection gets reply 4 and a reason", async () => {
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  const reasons: string[] = [];
  const proxy = startSocksProxy({
    decide: () => Promise.resolve({ hostname: "127.0.0.1", port }),
    onRefused: (_host, _port, reason) => reasons.push(reason),
  });
  try {
    const { code, connection } = await socksConnect(proxy.port, "gone.example", 80);
    assertEquals(code, 4);
    connection.close();
    assertEquals(reasons.length, 1);
    assert(reasons[0].startsWith('Cannot connect to "gone.example:80":'), reasons[0]);
  } finally {
    await proxy.close();
  }
});

Deno.test("IPv4 and IPv6 address requests are read as addresses", async () => {
  const asked: string[] = [];
  const proxy = startSocksProxy({
    decide: (host, port) => (asked.push(`${host}:${port}`), Promise.reject(new Error("no"))),
  });
  try {
    for (
      const request of [
        [5, 1, 0, 1, 10, 0, 0, 1, 0, 80],
        [5, 1, 0, 4, ...new Array(15).fill(0), 1, 1, 187],
      ]
    ) {
      const connection = await Deno.connect({ hostname: "127.0.0.1", port: proxy.port });
      await connection.write(new Uint8Array([5, 1, 0]));
      await readExactly(connection, 2);
      await connection.write(new Uint8Array(request));
      assertEquals((await readExactly(connection, 10))[1], 2);
      connection.close();
    }
    assertEquals(asked, ["10.0.0.1:80", "0:0:0:0:0:0:0:1:443"]);
  } finally {
    await proxy.close();
  }
});

Deno.test("a greeting without no-authentication, another version or a non-CONNECT command is dropped", async () => {
  let decided = 0;
  const proxy = startSocksProxy({ decide: () => (decided++, Promise.reject(new Error("no"))) });
  try {
    const noMethod = await Deno.connect({ hostname: "127.0.0.1", port: proxy.port });
    await noMethod.write(new Uint8Array([5, 1, 2]));
    assertEquals([...await readExactly(noMethod, 2)], [5, 0xff]);
    noMethod.close();

    const socks4 = await Deno.connect({ hostname: "127.0.0.1", port: proxy.port });
    await socks4.write(new Uint8Array([4, 1, 0, 80, 127, 0, 0, 1, 0]));
    assertEquals(await socks4.read(new Uint8Array(8)), null);
    socks4.close();

    const bind = await Deno.connect({ hostname: "127.0.0.1", port: proxy.port });
    await bind.write(new Uint8Array([5, 1, 0]));
    await readExactly(bind, 2);
    await bind.write(new Uint8Array([5, 2, 0, 1, 127, 0, 0, 1, 0, 80]));
    assertEquals((await readExactly(bind, 10))[1], 7);
    bind.close();
    assertEquals(decided, 0);
  } finally {
    await proxy.close();
  }
});

Deno.test("close ends open relays", async () => {
  const echo = echoServer();
  const proxy = startSocksProxy({
    decide: () => Promise.resolve({ hostname: "127.0.0.1", port: echo.port }),
  });
  const { connection } = await socksConnect(proxy.port, "example.com", 80);
  await proxy.close();
  const ended = await connection.read(new Uint8Array(1)).catch(() => null);
  assert(ended === null, "the relay stayed open");
  connection.close();
  await echo.close();
});
