/** Waits until a loopback server child is ready: its port accepts connections and, for a line protocol, the
 * greeting reports ready (dovecot says "Waiting for authentication process" first; stopping it in that state
 * makes its shutdown hang on a handshake). */
export async function waitForPort(
  port: number,
  describe: () => string,
  options: { greeting?: RegExp; caCert?: string; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    try {
      const connection = options.caCert
        ? await Deno.connectTls({ hostname: "127.0.0.1", port, caCerts: [options.caCert] })
        : await Deno.connect({ hostname: "127.0.0.1", port });
      try {
        if (!options.greeting || await greeted(connection, options.greeting)) return;
      } finally {
        connection.close();
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(describe());
}

async function greeted(connection: Deno.Conn, greeting: RegExp): Promise<boolean> {
  const buffer = new Uint8Array(4096);
  let text = "";
  const timer = setTimeout(() => connection.close(), 2000);
  try {
    while (!greeting.test(text) && text.length < 16_384) {
      const count = await connection.read(buffer);
      if (count === null) return false;
      text += new TextDecoder().decode(buffer.subarray(0, count));
    }
    await connection.write(new TextEncoder().encode("z LOGOUT\r\n"));
    return greeting.test(text);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
