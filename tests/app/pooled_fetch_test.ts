/** The engine's outgoing connection pool is bounded: a burst of concurrent calls to one host leaves at most
 * the cap of idle connections open, none past the idle timeout, and none once closed; every call is answered. */
import { assertEquals } from "../support/assert.ts";
import { pollUntil } from "../support/poll_until.ts";
import { pooledFetch } from "../../src/app/pooled_fetch.ts";

/** An HTTP/1.1 keep-alive server that counts its open connections and holds every answer until `hold`
 * requests are waiting, so a burst really opens that many connections. */
function countingServer(initialHold: number) {
  let hold = initialHold;
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  const waiting: (() => void)[] = [];
  const handled: Promise<void>[] = [];
  const release = () => {
    if (waiting.length >= hold) { for (const answer of waiting.splice(0)) answer(); }
  };
  const serve = async (connection: Deno.Conn) => {
    open.add(connection);
    const buffer = new Uint8Array(8192);
    let text = "";
    try {
      while (true) {
        const read = await connection.read(buffer);
        if (read === null) break;
        text += new TextDecoder().decode(buffer.subarray(0, read));
        while (text.includes("\r\n\r\n")) {
          text = text.slice(text.indexOf("\r\n\r\n") + 4);
          await new Promise<void>((resolve) => (waiting.push(resolve), release()));
          const reply = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok";
          await connection.write(new TextEncoder().encode(reply));
        }
      }
    } catch {
      // the client reset the connection: it is closed either way
    } finally {
      if (open.delete(connection)) connection.close();
    }
  };
  const accepting = (async () => {
    for await (const connection of listener) handled.push(serve(connection));
  })();
  const { port } = listener.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${port}/`,
    open: () => open.size,
    /** Answers from now on once `count` requests wait (1: at once). */
    holdUntil(count: number) {
      hold = count;
    },
    async close() {
      listener.close();
      await accepting.catch(() => {});
      for (const connection of [...open]) {
        open.delete(connection);
        connection.close();
      }
      await Promise.all(handled);
    },
  };
}

async function burst(fetcher: typeof fetch, url: string, calls: number): Promise<string[]> {
  return await Promise.all(
    Array.from({ length: calls }, async () => await (await fetcher(url)).text()),
  );
}

Deno.test("pooled fetch: 40 calls at once to one host leave at most the cap of idle connections open", async () => {
  const server = countingServer(40);
  const pool = pooledFetch({ maxIdlePerHost: 3 });
  try {
    assertEquals(await burst(pool.fetch, server.url, 40), Array(40).fill("ok"));
    await pollUntil(() => server.open() <= 3, () => `${server.open()} connections still open`);
    // The kept ones are reused: a second burst of three opens none beyond them.
    const kept = server.open();
    server.holdUntil(1);
    assertEquals(await burst(pool.fetch, server.url, 3), ["ok", "ok", "ok"]);
    assertEquals(server.open() <= 3, true, `${server.open()} connections after reusing ${kept}`);
  } finally {
    pool.close();
    await server.close();
  }
});

Deno.test("pooled fetch: idle connections are closed after the idle timeout, and all of them on close", async () => {
  const server = countingServer(1);
  const pool = pooledFetch({ idleTimeoutMs: 200 });
  try {
    assertEquals(await burst(pool.fetch, server.url, 1), ["ok"]);
    await pollUntil(
      () => server.open() === 0,
      () => `${server.open()} idle connections outlived the timeout`,
    );
    assertEquals(await burst(pool.fetch, server.url, 1), ["ok"]);
    pool.close();
    await pollUntil(() => server.open() === 0, () => `${server.open()} connections outlived close()`);
    // After close a call still gets its answer (on a connection that is not kept).
    assertEquals(await (await pool.fetch(server.url)).text(), "ok");
  } finally {
    pool.close();
    await server.close();
  }
});

Deno.test("pooledFetch: a proxy named in the environment carries the pool's calls, as it does the default fetch's", async () => {
  const seen: string[] = [];
  const proxy = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    seen.push(request.url);
    return new Response("through the proxy");
  });
  const before = Deno.env.get("HTTP_PROXY");
  Deno.env.set("HTTP_PROXY", `http://127.0.0.1:${proxy.addr.port}`);
  const pool = pooledFetch();
  try {
    const response = await pool.fetch("http://model-provider.invalid/v1/models");
    assertEquals(await response.text(), "through the proxy");
    assertEquals(seen, ["http://model-provider.invalid/v1/models"]);
  } finally {
    pool.close();
    if (before === undefined) Deno.env.delete("HTTP_PROXY");
    else Deno.env.set("HTTP_PROXY", before);
    await proxy.shutdown();
  }
});
