/** A SOCKS5 proxy on loopback that every connection of the browser goes through: each one names its host and
 * port, is judged by `decide`, and goes to the address that was judged (so a DNS answer cannot change after). */

/** Where an accepted connection goes: an address to connect to (or a host name the system resolves). */
export interface ProxyTarget {
  hostname: string;
  port: number;
}

/** Judges one outgoing connection; throws (any error, its message the reason) to refuse it. */
export type ConnectionDecider = (host: string, port: number) => Promise<ProxyTarget>;

export interface SocksProxyOptions {
  decide: ConnectionDecider;
  /** Told of every refused connection, with the reason. */
  onRefused?: (host: string, port: number, reason: string) => void;
  /** Bound on the handshake, so a stuck client does not hold a connection open (default 10000 ms). */
  handshakeTimeoutMs?: number;
  /** Bound on connecting to the target, which may drop packets silently (default 15000 ms). */
  connectTimeoutMs?: number;
}

export interface SocksProxy {
  /** `socks5://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

const VERSION = 5;
const NO_AUTHENTICATION = 0;
const NO_ACCEPTABLE_METHOD = 0xff;
const COMMAND_CONNECT = 1;
const REPLY = { succeeded: 0, refused: 2, hostUnreachable: 4, commandUnsupported: 7, addressUnsupported: 8 };

export function startSocksProxy(options: SocksProxyOptions): SocksProxy {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  const closing = new AbortController();
  const handling = new Set<Promise<void>>();
  const accepting = (async () => {
    for await (const connection of listener) {
      open.add(connection);
      const task = handleConnection(connection, options, open, closing.signal).catch(() => {}).finally(() => {
        closeQuietly(connection);
        open.delete(connection);
        handling.delete(task);
      });
      handling.add(task);
    }
  })().catch(() => {});
  const port = (listener.addr as Deno.NetAddr).port;
  return {
    url: `socks5://127.0.0.1:${port}`,
    port,
    async close() {
      closing.abort();
      closeQuietly(listener);
      for (const connection of open) closeQuietly(connection);
      await accepting;
      await Promise.allSettled([...handling]);
    },
  };
}

async function handleConnection(
  client: Deno.Conn,
  options: SocksProxyOptions,
  open: Set<Deno.Conn>,
  closing: AbortSignal,
) {
  const reader = new ByteReader(client);
  const timer = setTimeout(() => closeQuietly(client), options.handshakeTimeoutMs ?? 10_000);
  let request: { host: string; port: number } | undefined;
  try {
    request = await readHandshake(reader, client);
  } finally {
    clearTimeout(timer);
  }
  if (!request) return;
  const fail = async (code: number, reason: string) => {
    options.onRefused?.(request.host, request.port, reason);
    await client.write(reply(code)).catch(() => {});
  };
  let target: ProxyTarget;
  try {
    target = await options.decide(request.host, request.port);
  } catch (error) {
    return await fail(REPLY.refused, error instanceof Error ? error.message : String(error));
  }
  let upstream: Deno.Conn;
  try {
    upstream = await connectWithin(target, options.connectTimeoutMs ?? 15_000, closing);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return await fail(
      REPLY.hostUnreachable,
      `Cannot connect to "${request.host}:${request.port}": ${detail}`,
    );
  }
  open.add(upstream);
  try {
    await client.write(reply(REPLY.succeeded));
    await relay(client, upstream, reader.rest());
  } finally {
    closeQuietly(upstream);
    open.delete(upstream);
  }
}

/** Reads the greeting and the CONNECT request; answers the greeting. Undefined when the client is refused. */
async function readHandshake(reader: ByteReader, client: Deno.Conn) {
  const [version, methodCount] = await reader.read(2);
  if (version !== VERSION) return undefined;
  const methods = await reader.read(methodCount);
  if (!methods.includes(NO_AUTHENTICATION)) {
    await client.write(new Uint8Array([VERSION, NO_ACCEPTABLE_METHOD]));
    return undefined;
  }
  await client.write(new Uint8Array([VERSION, NO_AUTHENTICATION]));
  const [requestVersion, command, , addressType] = await reader.read(4);
  if (requestVersion !== VERSION || command !== COMMAND_CONNECT) {
    await client.write(reply(REPLY.commandUnsupported));
    return undefined;
  }
  const host = await readAddress(reader, addressType);
  const [high, low] = await reader.read(2);
  if (host === undefined) {
    await client.write(reply(REPLY.addressUnsupported));
    return undefined;
  }
  return { host, port: high * 256 + low };
}

async function readAddress(reader: ByteReader, addressType: number): Promise<string | undefined> {
  if (addressType === 1) return [...await reader.read(4)].join(".");
  if (addressType === 3) {
    const [length] = await reader.read(1);
    return new TextDecoder().decode(await reader.read(length));
  }
  if (addressType === 4) {
    const bytes = await reader.read(16);
    const groups: string[] = [];
    for (let index = 0; index < 16; index += 2) {
      groups.push(((bytes[index] << 8) | bytes[index + 1]).toString(16));
    }
    return groups.join(":");
  }
  return undefined;
}

/** Connects, or fails after `ms` or when the proxy closes; a connection that arrives too late is closed. */
function connectWithin(target: ProxyTarget, ms: number, closing: AbortSignal): Promise<Deno.Conn> {
  const connecting = Deno.connect({ hostname: target.hostname, port: target.port });
  return new Promise((resolve, reject) => {
    const giveUp = (reason: string) => {
      reject(new Error(reason));
      connecting.then((late) => closeQuietly(late), () => {});
    };
    const timer = setTimeout(() => giveUp(`no connection within ${ms} ms`), ms);
    const onClose = () => giveUp("the proxy is closing");
    closing.addEventListener("abort", onClose, { once: true });
    connecting.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      closing.removeEventListener("abort", onClose);
    });
  });
}

/** A reply with the unspecified bind address 0.0.0.0:0, which clients ignore. */
function reply(code: number): Uint8Array {
  return new Uint8Array([VERSION, code, 0, 1, 0, 0, 0, 0, 0, 0]);
}

/** Copies both ways; an orderly end of one direction is passed on as a half-close, a reset closes both. */
async function relay(client: Deno.Conn, upstream: Deno.Conn, pending: Uint8Array): Promise<void> {
  if (pending.length > 0) await writeAll(upstream, pending);
  const copy = async (from: Deno.Conn, to: Deno.Conn) => {
    const buffer = new Uint8Array(64 * 1024);
    try {
      while (true) {
        const count = await from.read(buffer);
        if (count === null) break;
        await writeAll(to, buffer.subarray(0, count));
      }
      await to.closeWrite();
    } catch {
      closeQuietly(to);
      closeQuietly(from);
    }
  };
  await Promise.all([copy(client, upstream), copy(upstream, client)]);
}

async function writeAll(connection: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await connection.write(bytes.subarray(written));
}

function closeQuietly(closable: { close(): void }): void {
  try {
    closable.close();
  } catch {
    // already closed
  }
}

/** Exact-length reads over a connection, keeping what arrived beyond the handshake for the relay. */
class ByteReader {
  #buffer = new Uint8Array(0);
  constructor(private readonly connection: Deno.Conn) {}

  async read(length: number): Promise<Uint8Array> {
    while (this.#buffer.length < length) {
      const chunk = new Uint8Array(4096);
      const count = await this.connection.read(chunk);
      if (count === null) throw new Error("Connection closed during the SOCKS handshake");
      const joined = new Uint8Array(this.#buffer.length + count);
      joined.set(this.#buffer);
      joined.set(chunk.subarray(0, count), this.#buffer.length);
      this.#buffer = joined;
    }
    const result = this.#buffer.slice(0, length);
    this.#buffer = this.#buffer.slice(length);
    return result;
  }

  rest(): Uint8Array {
    return this.#buffer;
  }
}
