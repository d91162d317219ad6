import { assert, assertEquals } from "../../support/assert.ts";
import { ChatSession } from "../../../src/cli/chat/chat_session.ts";
import { PLAIN_STYLE } from "../../../src/lib/terminal_style.ts";

function harness() {
  const frames: Record<string, unknown>[] = [];
  const switched: string[] = [];
  let screen = "";
  let quit = false;
  let session = "s1";
  const chat = new ChatSession(
    {
      write: (text) => screen += text,
      send: (frame) => frames.push(frame),
      sessionId: () => session,
      switchSession: (id) => {
        session = id;
        switched.push(id);
      },
      newSession: () => Promise.resolve(),
      quit: () => quit = true,
    },
    PLAIN_STYLE,
    "Ward",
    80,
  );
  return { chat, frames, switched, screen: () => screen, quit: () => quit };
}

const event = (type: string, data: Record<string, unknown> = {}) => ({ type, session_id: "s1", data });

Deno.test("chat session: a typed line is a message frame; streamed tokens follow the agent's name", () => {
  const { chat, frames, screen } = harness();
  chat.handleLine("hello there");
  assertEquals(frames, [{ type: "message", session_id: "s1", content: "hello there" }]);
  chat.handleEvent(event("llm_token", { token: "Hi" }));
  chat.handleEvent(event("llm_token", { token: "!" }));
  chat.handleEvent(
    event("response_complete", { content: "Hi!", token_usage: { input_tokens: 5, output_tokens: 2 } }),
  );
  assertEquals(screen(), "Ward › Hi!\n  · 5 tokens in, 2 out\nyou › ");
});

Deno.test("chat session: a reply that was not streamed is shown from response_complete", () => {
  const { chat, screen } = harness();
  chat.handleLine("hi");
  chat.handleEvent(event("response_complete", { content: "Whole answer" }));
  assert(screen().includes("Ward › Whole answer\n"), screen());
});

Deno.test("chat session: approvals are answered in order with y and n; other input is refused", () => {
  const { chat, frames, screen } = harness();
  chat.handleLine("do two things");
  chat.handleEvent(
    event("action_started", { action_id: "a1", tool_name: "write_file", arguments: { path: "x" } }),
  );
  chat.handleEvent(
    event("tier3_approval_required", { action_id: "a1", tool_name: "write_file", target: "x" }),
  );
  chat.handleLine("what?");
  assert(screen().includes("Answer y or n: write_file is waiting"), screen());
  chat.handleLine("Y");
  chat.handleEvent(
    event("tier3_approval_required", { action_id: "a2", tool_name: "execute_command", target: "ls" }),
  );
  chat.handleLine("no");
  assertEquals(frames.slice(1), [
    { type: "tier3_decision", session_id: "s1", action_id: "a1", decision: "approve" },
    { type: "tier3_decision", session_id: "s1", action_id: "a2", decision: "deny" },
  ]);
});

Deno.test("chat session: a verdict ends a wait answered elsewhere or timed out, so y/n stop being answers", () => {
  const { chat, frames } = harness();
  chat.handleLine("go");
  chat.handleEvent(
    event("tier3_approval_required", { action_id: "a1", tool_name: "write_file", target: "x" }),
  );
  chat.handleEvent(
    event("shield_verdict", { action_id: "a1", decision: "BLOCK", tier: 3, reason: "Timed out" }),
  );
  chat.handleLine("y");
  assertEquals(frames.at(-1), { type: "message", session_id: "s1", content: "y" });
});

Deno.test("chat session: slash commands, session switches, cancel and quit", () => {
  const { chat, frames, switched, quit } = harness();
  chat.handleLine("/otr");
  assertEquals(frames.at(-1), { type: "command", session_id: "s1", content: "/otr" });
  chat.handleEvent(event("command_result", {
    command: "/otr",
    ok: true,
    text: "Off-the-record session started",
    action: { type: "switch_session", session_id: "s2", mode: "otr" },
  }));
  assertEquals(switched, ["s2"]);
  assertEquals(chat.interrupt(), false, "nothing to cancel while idle");
  chat.handleLine("long question");
  assertEquals(chat.interrupt(), true);
  assertEquals(frames.at(-1), { type: "cancel", session_id: "s2" });
  chat.handleLine("/quit");
  assert(quit());
});
