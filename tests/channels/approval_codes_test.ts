/** Approval codes: single use, only in the chat they were issued for, gone after the deadline; payload and text
 * parsing refuse anything else. */
import { assertEquals } from "../support/assert.ts";
import { ApprovalCodes, parseApprovalText, parsePayload } from "../../src/channels/approval_codes.ts";

const binding = (chatId: string, deadline = 1000) => ({
  actionId: "act",
  sessionId: "s",
  platform: "telegram",
  chatId,
  deadline,
});

Deno.test("approval codes: single use, bound to the platform chat, expire", () => {
  let now = 0;
  const codes = new ApprovalCodes(() => now);
  const code = codes.issue(binding("1"));
  assertEquals(/^[A-HJ-NP-Z2-9]{6}$/.test(code), true);
  assertEquals(codes.take(code, "telegram", "2"), undefined);
  assertEquals(codes.take(code, "discord", "1"), undefined);
  assertEquals(codes.take(code.toLowerCase(), "telegram", "1")?.actionId, "act");
  assertEquals(codes.take(code, "telegram", "1"), undefined);
  const late = codes.issue(binding("1", 500));
  now = 500;
  assertEquals(codes.take(late, "telegram", "1"), undefined);
});

Deno.test("approval codes: payloads and typed answers", () => {
  assertEquals(parsePayload("t3:ABC234:approve"), { code: "ABC234", decision: "approve" });
  assertEquals(parsePayload("t3:ABC234:approve "), undefined);
  assertEquals(parsePayload("t3:ABC23:deny"), undefined);
  assertEquals(parseApprovalText("  Deny abc234 "), { code: "ABC234", decision: "deny" });
  assertEquals(parseApprovalText("please approve ABC234"), undefined);
  assertEquals(parseApprovalText("approve ABC234 and rm -rf"), undefined);
});
