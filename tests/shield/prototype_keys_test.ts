/** An attacker picks names that are keys of every JavaScript object (`constructor`, `toString`, `__proto__`, …) as
 * programs, subcommands, options, tool names, argument keys and values. A lookup table read with such a name must
 * answer "not known", never a built-in function: otherwise a check throws, and the standalone Shield (fail-closed)
 * BLOCKs ordinary work, while an engine configured fail-open lets it through to a human with no reason. */

import { assertEquals } from "../support/assert.ts";
import { createStandaloneShield } from "../../src/shield/cli.ts";
import type { Action } from "../../src/shield/types.ts";

const KEYS = [...Object.getOwnPropertyNames(Object.prototype), "prototype", "length", "name"];

function actionsFor(key: string): Action[] {
  const shell = (command: string): Action => ({ type: "shell", payload: { command } });
  return [
    shell(`${key} --help`),
    shell(`${key} ${key} ./${key}`),
    shell(`sudo ${key} -x`),
    shell(`git ${key} origin main`),
    shell(`npm ${key} ${key}`),
    shell(`pip install ${key}`),
    shell(`docker ${key} --${key}=1`),
    shell(`kubectl ${key} pods -n ${key}`),
    shell(`curl --${key} https://example.com/${key}`),
    shell(`python -c "import ${key}; ${key}.${key}()"`),
    shell(`${key}=1 make ${key}`),
    shell(`cat ${key} | ${key} -c ${key} > ${key}`),
    { type: key, payload: {} },
    { type: key, payload: { [key]: key } },
    { type: `mcp__${key}__${key}`, payload: { [key]: { [key]: key } } },
    { type: "send_email", payload: { to: `${key}@example.com`, subject: key, body: key, [key]: key } },
    { type: "file_write", payload: { path: key, content: `${key}: ${key}\n` } },
    { type: "file_read", payload: { path: `src/${key}.ts` } },
    {
      type: "http_request",
      payload: { method: key, url: `https://${key}.example.com/${key}`, headers: { [key]: key } },
    },
    { type: "spawn_agent", payload: { prompt: `${key} the ${key}`, [key]: key } },
  ];
}

Deno.test("names of Object.prototype's keys never make a Shield check throw", async () => {
  const shield = createStandaloneShield("/home/dev/project", "/home/dev");
  const failures: string[] = [];
  for (const key of KEYS) {
    for (const action of actionsFor(key)) {
      const verdict = await shield.evaluate(action);
      if (verdict.reason.includes("evaluation failed")) {
        failures.push(`${JSON.stringify(action)}: ${verdict.reason}`);
      }
    }
  }
  assertEquals(failures, []);
});

Deno.test("a tool named after a prototype key, with nothing to show what it does, is not allowed", async () => {
  const shield = createStandaloneShield("/home/dev/project", "/home/dev");
  // `__lookupGetter__` reads as a look-up (a read verb), like any tool so named.
  for (const key of KEYS.filter((name) => !name.startsWith("__lookup"))) {
    const verdict = await shield.evaluate({ type: key, payload: {} });
    assertEquals(verdict.decision === "ALLOW", false, `${key}: ${verdict.reason}`);
  }
});
