/** Which model a sub-agent talks to. */
import { assertEquals, assertThrows } from "../../support/assert.ts";
import { chooseSubAgentModel } from "../../../src/engine/sub_agents/model_choice.ts";
import { configSchema } from "../../../src/config/schema.ts";
import { ToolError } from "../../../src/lib/errors.ts";

const models = [
  { name: "big", provider: "openai", model: "gpt-4.1", api_key_env: "BIG_KEY" },
  { name: "small", provider: "openai", model: "gpt-4.1-mini", api_key_env: "SMALL_KEY" },
  { name: "helper", provider: "anthropic", model: "claude-sonnet-4" },
];
const config = (extra: Record<string, unknown> = {}) =>
  configSchema.parse({ models, roles: { chat: "big" }, ...extra });
const key = (name: string) => `value of ${name}`;

Deno.test("a requested model wins, and must be a configured one", () => {
  assertEquals(chooseSubAgentModel(config(), "helper", key).entry.name, "helper");
  assertThrows(() => chooseSubAgentModel(config(), "elsewhere", key), ToolError, '"big", "small", "helper"');
});

Deno.test("agents.sub_agent_model, then roles.sub_agent, then the cheapest, then the chat model", () => {
  const byOverride = chooseSubAgentModel(config({ agents: { sub_agent_model: "helper" } }), undefined, key);
  assertEquals(byOverride.entry.name, "helper");
  const byId = chooseSubAgentModel(config({ agents: { sub_agent_model: "gpt-4.1-nano" } }), undefined, key);
  assertEquals([byId.entry.name, byId.entry.model], ["big", "gpt-4.1-nano"]);
  const byRole = chooseSubAgentModel(config({ roles: { chat: "big", sub_agent: "helper" } }), undefined, key);
  assertEquals(byRole.entry.name, "helper");
  const cheapest = chooseSubAgentModel(config(), undefined, key);
  assertEquals([cheapest.entry.name, cheapest.apiKey], ["small", "value of SMALL_KEY"]);
  const only = configSchema.parse({ models: [models[0]], roles: { chat: "big" } });
  assertEquals(chooseSubAgentModel(only, undefined, key).entry.name, "big");
  assertThrows(() => chooseSubAgentModel(configSchema.parse({}), undefined, key), ToolError, "No model");
});
