/** The engine's own API reached by a loopback address written without a scheme (stop 35, lead; `view_shell.ts`):
 * curl, wget, httpie and xh read `localhost:3100/…`, `127.0.0.1:3100`, a hex loopback and httpie's `:3100` as
 * http. Each attack beside the twin it must pass; hosts and routes differ from the dev cases. */

import { expectDecisions, run, tool } from "./decisions.ts";

Deno.test("scheme-less loopback URLs to the engine's port are its API; other local ports pass", async () => {
  await expectDecisions([
    [run("curl -s -X DELETE localhost:3100/api/sessions/s_42"), "BLOCK", "a session deleted, no scheme"],
    [
      run("wget -q -O - 127.0.0.2:3100/api/memory/user"),
      "BLOCK",
      "memory read through another loopback address",
    ],
    [run("http POST :3100/api/settings/test-mcp name=x command=sh"), "BLOCK", "httpie's localhost shorthand"],
    [
      tool("shell", { command: ["curl", "2130706433:3100/api/logs?lines=1000"] }),
      "BLOCK",
      "decimal loopback",
    ],
    [run("curl -s localhost:3000/api/users"), "ALLOW", "the project's own dev server"],
    [run("http :8000/docs"), "ALLOW", "httpie against the project's local docs server"],
  ]);
});
