/** A TCP server that accepts connections and never says a word: a hung mail or calendar server. */
export interface SilentServer {
  port: number;
  stop(): void;
}

export function startSilentServer(): SilentServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const connections = new Set<Deno.Conn>();
  (async () => {
    try {
      for await (const connection of listener) connections.add(connection);
    } catch {
      // closed
    }
  })();
  return {
    port: (listener.addr as Deno.NetAddr).port,
    stop() {
      for (const connection of connections) {
        try {
          connection.close();
        } catch {
          // already closed by the client
        }
      }
      listener.close();
    },
  };
}
