/** A stand-in for `signal-cli -a ACCOUNT jsonRpc`, run as a real child process by the Signal adapter: JSON-RPC 2.0
 * on stdin/stdout, steered by the test over a control WebSocket (`--control URL` before signal-cli's arguments):
 * the test pushes incoming messages, sees every request, and can make sends fail or the process exit. */

const args = [...Deno.args];
const control = args[args.indexOf("--control") + 1];
const account = args[args.indexOf("-a") + 1];
if (!control || !account || !args.includes("jsonRpc")) {
  console.error("usage: fake_signal_cli --control URL -a ACCOUNT jsonRpc");
  Deno.exit(2);
}

const failures = new Map<string, { count: number; code: number }>();
const encoder = new TextEncoder();
const print = (message: unknown) => Deno.stdout.writeSync(encoder.encode(JSON.stringify(message) + "\n"));

const socket = new WebSocket(control);
await new Promise((resolve, reject) => {
  socket.onopen = resolve;
  socket.onerror = reject;
});
socket.send(JSON.stringify({ hello: account, pid: Deno.pid }));
socket.onmessage = (message) => {
  const order = JSON.parse(String(message.data));
  if (order.deliver) print({ jsonrpc: "2.0", method: "receive", params: { ...order.deliver, account } });
  if (order.fail) failures.set(order.fail.method, { count: order.fail.count, code: order.fail.code });
  if (order.exit !== undefined) Deno.exit(order.exit);
};
socket.onclose = () => Deno.exit(0);

let buffer = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffer += chunk;
  let index: number;
  while ((index = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, index);
    buffer = buffer.slice(index + 1);
    if (!line.trim()) continue;
    const request = JSON.parse(line);
    const failure = failures.get(request.method);
    const failed = failure !== undefined && failure.count > 0;
    socket.send(JSON.stringify({ request, failed }));
    if (failed) {
      failure.count--;
      print({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: failure.code, message: "Failed: rate limit exceeded" },
      });
      continue;
    }
    const result = request.method === "send"
      ? { timestamp: Date.now(), results: [{ type: "SUCCESS" }] }
      : request.method === "version"
      ? { version: "0.13.99-fake" }
      : {};
    print({ jsonrpc: "2.0", id: request.id, result });
  }
}
socket.close();
