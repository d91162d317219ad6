// Round 5 checks, ninth batch: routes to the engine that name no file and no URL (kills fed by pipelines that
// find its process or port, raw connections to its API port, its own CLI told to change settings).
import { expectDecisions, run } from "./decisions.ts";

Deno.test("pipelines that find and kill the engine, raw API connections and its CLI are blocked", async () => {
  await expectDecisions([
    [run("ps aux | grep 'main.ts engine' | awk '{print $2}' | xargs kill"), "BLOCK", "ps | xargs kill"],
    [run("lsof -ti tcp:3100 | xargs kill -9"), "BLOCK", "lsof | xargs kill"],
    [run(`echo '{"type":"tier3_decision"}' | nc localhost 3100`), "BLOCK", "nc to the API port"],
    [run("parapet config set shield.enabled false"), "BLOCK", "engine CLI"],
    [run("deno run -A ../main.ts config set shield.mode off"), "BLOCK", "engine main.ts"],
    [run("lsof -ti tcp:5173 | xargs kill -9"), "ALLOW", "dev server port"],
    [run("echo ping | nc localhost 6379"), "ALLOW", "local Redis"],
    [run("ps aux | grep node | head"), "ALLOW", "process list"],
  ]);
});
