/** Fallback HTTP load generator when wrk is not installed: closed-loop keep-alive fetch loops in their own
 * process. Slower than wrk (it may be the bottleneck: the CPU check says so). Prints one JSON line.
 * Usage: deno run -A bench/http_load_client.ts URL CONNECTIONS SECONDS */

const [url, connections, seconds] = Deno.args;
const end = performance.now() + Number(seconds) * 1000;
let completed = 0;
let failed = 0;
await Promise.all(Array.from({ length: Number(connections) }, async () => {
  while (performance.now() < end) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      response.ok ? completed++ : failed++;
    } catch {
      failed++;
    }
  }
}));
console.log(JSON.stringify({ rps: completed / Number(seconds), failed }));
