import assert from "node:assert/strict";
import { buildPromptContext, CHARS_PER_TOKEN } from "../../src/memory/prompt_context.ts";
import { memoryFixture } from "./_memory_fixture.ts";

const identity = "# Identity\n\nYou are Juniper.";
const user = "# User\n\nPrefers short answers.";
const agents = "# Agents\n\n" + "Rule: be careful. ".repeat(40);
const memory = "# Memory\n\n## Old\n\n" + "ancient fact ".repeat(30) +
  "\n\n## Middle\n\nmiddle fact\n\n## Recent\n\nrecent fact";

const files = [
  { name: "AGENTS.md", content: agents },
  { name: "MEMORY.md", content: memory },
  { name: "USER.md", content: user },
  { name: "IDENTITY.md", content: identity },
  { name: "HEARTBEAT.md", content: "heartbeat task" },
];

Deno.test("buildPromptContext includes files in importance order when they fit", () => {
  const context = buildPromptContext(files, 10_000);
  const order = ["IDENTITY.md", "USER.md", "MEMORY.md", "AGENTS.md"].map((name) =>
    context.indexOf(`name="${name}"`)
  );
  assert.ok(
    order.every((position, i) => position >= 0 && (i === 0 || position > order[i - 1])),
    String(order),
  );
  assert.ok(
    context.includes("You are Juniper.") && context.includes("ancient fact") && context.includes("Rule:"),
  );
  assert.ok(!context.includes("heartbeat task"));
});

Deno.test("buildPromptContext never exceeds the budget", () => {
  for (let budget = 0; budget <= 400; budget += 7) {
    const context = buildPromptContext(files, budget);
    assert.ok(context.length <= budget * CHARS_PER_TOKEN, `budget ${budget}: ${context.length} characters`);
  }
});

Deno.test("buildPromptContext cuts AGENTS.md first, then older MEMORY.md sections", () => {
  const full = buildPromptContext(files, 10_000);
  const withoutAgents = buildPromptContext(files.filter((f) => f.name !== "AGENTS.md"), 10_000);
  const tight = buildPromptContext(files, Math.ceil(withoutAgents.length / CHARS_PER_TOKEN) + 5);
  assert.ok(full.length > tight.length);
  assert.ok(tight.includes("recent fact") && tight.includes("ancient fact"));
  assert.ok(!tight.includes("Rule: be careful. Rule: be careful. Rule: be careful. Rule: be careful. Rule:"));
  const tighter = buildPromptContext(files, 80);
  assert.ok(tighter.includes("You are Juniper.") && tighter.includes("Prefers short answers."));
  assert.ok(tighter.includes("recent fact") && tighter.includes("middle fact"), tighter);
  assert.ok(!tighter.includes("ancient fact"));
  assert.match(tighter, /\[1 older sections omitted\]/);
  assert.ok(!tighter.includes('name="AGENTS.md"'));
});

Deno.test("buildPromptContext keeps recently written MEMORY.md sections over later ones", () => {
  const context = buildPromptContext(files, 75, new Map([["Old", 100]]));
  assert.ok(context.includes("ancient fact"), context);
  assert.ok(!context.includes("middle fact"));
});

Deno.test("buildPromptContext keeps identity first when even that must be cut", () => {
  const context = buildPromptContext([
    { name: "IDENTITY.md", content: "x".repeat(1000) },
    ...files.slice(0, 3),
  ], 50);
  assert.ok(context.startsWith('<memory_file name="IDENTITY.md">\nxxxx'));
  assert.ok(context.includes("[…truncated]"));
  assert.ok(context.length <= 200);
});

Deno.test("memory promptContext reads the workspace files and write recency", async () => {
  await using fixture = await memoryFixture({
    "IDENTITY.md": identity,
    "USER.md": user,
    "MEMORY.md": memory,
    "AGENTS.md": agents,
  });
  assert.ok(fixture.memory.promptContext(10_000).includes("You are Juniper."));
  await fixture.memory.write({ section: "Old", content: "touched again" });
  const context = fixture.memory.promptContext(80);
  assert.ok(context.includes("touched again"), context);
  assert.ok(!context.includes("middle fact"));
  assert.equal(fixture.memory.promptContext(0), "");
});
