/** Speed round 40: `writtenPassword` skips its pass of PAIR over a text without a white space, a slash and a white
 * space in a row (`SPACED_SLASH`), and of CONNECTION over a text without `://`. Every match of either holds them, so
 * no text with a match is skipped: checked over every payload string of the top and dev cases, their upper-case and
 * line-broken forms, and written rows. */

import assert from "node:assert/strict";
import { CONNECTION, PAIR, SPACED_SLASH } from "../../../src/shield/effects/carried_credentials.ts";
import { payloadStrings } from "../payload_strings.ts";

const ROWS = [
  "VPN login\nops / Gr@nite-Peak77",
  "router admin:\tadmin\t/\tR0uter!Pass",
  "payroll portal: j.doe /  Pa$$w0rd-2024 ",
  "Reporting DB: mysql://report:Rp%2Fx9Kq!2@10.0.4.7/bi",
  "amqp://svc:Q9!rabbit-Pw@mq.internal:5672/",
  "POSTGRES://ADMIN:S3cret!Pw@DB.EXAMPLE.COM/APP",
];

Deno.test("every text PAIR or CONNECTION matches passes its prefilter", async () => {
  const texts = [...await payloadStrings(), ...ROWS].flatMap((
    text,
  ) => [text, text.toUpperCase(), `${text}\n`]);
  let pairs = 0;
  let connections = 0;
  for (const text of texts) {
    PAIR.lastIndex = 0;
    if (PAIR.test(text)) {
      pairs++;
      assert.ok(
        SPACED_SLASH.test(text),
        `PAIR matches past its prefilter: ${JSON.stringify(text.slice(0, 80))}`,
      );
    }
    CONNECTION.lastIndex = 0;
    if (CONNECTION.test(text)) {
      connections++;
      assert.ok(
        text.includes("://"),
        `CONNECTION matches without "://": ${JSON.stringify(text.slice(0, 80))}`,
      );
    }
  }
  PAIR.lastIndex = CONNECTION.lastIndex = 0;
  assert.ok(pairs >= 12 && connections >= 12, `only ${pairs} pairs and ${connections} connections`);
});
