/** The test's side of the fake signal-cli: a control server the fake child process connects to, a wrapper script
 * to put in channels.signal.cli_path, and helpers to push messages and read what the adapter sent. */
import { fromFileUrl } from "./paths.ts";

const SCRIPT = fromFileUrl(new URL("./fake_signal_cli.ts", import.meta.url));

export interface SignalRequest {
  method: string;
  // deno-lint-ignore no-explicit-any
  params: any;
}

export interface FakeSignal {
  cliPath: string;
  account: string;
  requests: SignalRequest[];
  /** How many times a fake signal-cli process connected (restarts add one). */
  starts: number;
  deliver(input: { from: string; text: string; timestamp?: number; groupId?: string }): number;
  failSends(count: number, code: number): void;
  /** Makes the running fake process exit (a crash). */
  crash(): void;
  texts(to: string): string[];
  waitFor<T>(probe: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export async function startFakeSignal(account = "+15550009999"): Promise<FakeSignal> {
  const folder = await Deno.makeTempDir({ prefix: "fake-signal-" });
  let current: WebSocket | undefined;
  const sockets = new Set<WebSocket>();
  let clock = 1_700_000_000_000;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const { socket, response } = Deno.upgradeWebSocket(request);
    sockets.add(socket);
    socket.onmessage = (message) => {
      const report = JSON.parse(String(message.data));
      if (report.hello) {
        current = socket;
        fake.starts++;
      }
      if (report.request) {
        fake.requests.push({ method: report.request.method, params: report.request.params });
      }
    };
    socket.onclose = () => sockets.delete(socket);
    return response;
  });
  const control = `ws://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  const cliPath = `${folder}/signal-cli`;
  await Deno.writeTextFile(
    cliPath,
    `#!/bin/sh\nexec "${Deno.execPath()}" run -A --no-check "${SCRIPT}" --control "${control}" "$@"\n`,
  );
  await Deno.chmod(cliPath, 0o755);
  const order = (message: unknown) => current?.send(JSON.stringify(message));

  const fake: FakeSignal = {
    cliPath,
    account,
    requests: [],
    starts: 0,
    deliver({ from, text, timestamp, groupId }) {
      const at = timestamp ?? clock++;
      order({
        deliver: {
          envelope: {
            source: from,
            sourceNumber: from,
            sourceUuid: "00000000-0000-0000-0000-000000000001",
            timestamp: at,
            dataMessage: {
              timestamp: at,
              message: text,
              ...(groupId ? { groupInfo: { groupId, type: "DELIVER" } } : {}),
            },
          },
        },
      });
      return at;
    },
    failSends(count, code) {
      order({ fail: { method: "send", count, code } });
    },
    crash() {
      order({ exit: 1 });
    },
    texts(to) {
      return fake.requests.filter((request) =>
        request.method === "send" && request.params.recipient?.[0] === to
      )
        .map((request) => request.params.message);
    },
    async waitFor(probe, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const value = probe();
        if (value !== undefined && value !== false) return value as never;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(
        `Fake Signal: condition not met within ${timeoutMs} ms; requests: ${
          JSON.stringify(fake.requests.slice(-8))
        }`,
      );
    },
    async close() {
      for (const socket of sockets) socket.close();
      await server.shutdown();
      await Deno.remove(folder, { recursive: true }).catch(() => {});
    },
  };
  return fake;
}
