// A messaging tool's `number` names whom it writes to (`sms_send {number: "4155550123"}`): it is not read as a
// repeat count; counts elsewhere, and data sent to an unknown number, are still asked.
import { expectDecisions, tool } from "./decisions.ts";

Deno.test("a phone number under a messaging tool's `number` is whom, not how many times", async () => {
  await expectDecisions([
    [
      tool("sms_send", { number: "4155550123", message: "Running 10 min late, see you soon" }),
      "ALLOW",
      "bare",
    ],
    [tool("signal_send_message", { number: "+12025550111", message: "On my way" }), "ALLOW", "with +"],
    [tool("whatsapp_send", { number: "07700900123", text: "Thanks for today!" }), "ALLOW", "leading zero"],
    [
      tool("sms_send", { number: "+14155550123", message: "The one-time code for the bank is 482913" }),
      "STOPPED",
      "a code sent to an unknown number",
    ],
    [tool("spawn_agents", { number: "500", task: "crawl the site" }), "STOPPED", "a count under number"],
    [
      tool("spawn_agents", { number: "1000000", task: "crawl the site" }),
      "STOPPED",
      "seven digits, not messaging",
    ],
    [tool("send_sms_batch", { times: "1000000", message: "hi" }), "STOPPED", "a count under times"],
  ]);
});
