/** pollUntil returns the first value that is not undefined or false, and times out naming what it waited for. */
import { assertEquals, assertRejects } from "./assert.ts";
import { pollUntil } from "./poll_until.ts";

Deno.test("pollUntil returns the probe's first real value, 0 and empty strings included", async () => {
  let tries = 0;
  assertEquals(await pollUntil(() => ++tries === 3 ? 0 : undefined, () => "zero", 2000, 1), 0);
  assertEquals(tries, 3);
  assertEquals(await pollUntil(() => Promise.resolve(""), () => "empty"), "");
});

Deno.test("pollUntil fails with the description once the time is up", async () => {
  await assertRejects(
    () => pollUntil(() => false, () => "Fake Slack; last calls: []", 30, 5),
    Error,
    "Fake Slack; last calls: []: condition not met within 30 ms",
  );
});
