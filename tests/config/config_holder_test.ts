import { assert, assertEquals, assertThrows } from "../support/assert.ts";
import { ConfigHolder, protectedKeyRefusal } from "../../src/config/config_holder.ts";
import { parseConfigText } from "../../src/config/load_config.ts";

const BASE = `
models:
  - {name: chat, provider: openai, model: m, base_url: "http://127.0.0.1:1/v1"}
  - {name: judge, provider: openai, model: j, base_url: "http://127.0.0.1:2/v1"}
roles: {chat: chat, shield: judge}
`;

function config(extra = "") {
  return parseConfigText(BASE + extra, "config.yaml").config;
}

Deno.test("protectedKeyRefusal refuses security keys, keys under them and keys that contain them", () => {
  for (
    const key of [
      "roles.shield",
      "roles",
      "general",
      "general.fail_closed",
      "shield",
      "shield.tier3.max_per_hour",
    ]
  ) {
    assert(protectedKeyRefusal(key), key);
  }
  for (
    const key of ["models.0.base_url", "web.host", "chronicle.max_snapshots", "workspace", "Roles.Shield"]
  ) {
    assert(protectedKeyRefusal(key), key);
  }
  for (const key of ["roles.chat", "roles.embedding", "agents.max_tool_rounds", "identity.name", "agents"]) {
    assertEquals(protectedKeyRefusal(key), undefined, key);
  }
  assert(protectedKeyRefusal("roles")!.includes('"roles.shield"'));
});

Deno.test("ConfigHolder.replace refuses a config whose security settings changed, whatever the path", () => {
  const holder = new ConfigHolder(config(), "config.yaml", "/tmp");
  holder.replace(config("agents: {max_tool_rounds: 3}\n"));
  assertEquals(holder.current().agents.max_tool_rounds, 3);
  const changed = config().roles;
  assertEquals(changed.shield, "judge");
  const withoutJudge = parseConfigText(BASE.replace("shield: judge", "shield: chat"), "config.yaml").config;
  assertThrows(() => holder.replace(withoutJudge), Error, "security setting");
  assertThrows(() => holder.replace(config("general: {fail_closed: false}\n")), Error, "security setting");
  assertEquals(holder.current().agents.max_tool_rounds, 3, "a refused config is not taken");
  // The same settings in another key order are the same settings.
  const reordered =
    parseConfigText(BASE.replace("{chat: chat, shield: judge}", "{shield: judge, chat: chat}"), "x")
      .config;
  holder.replace(reordered);
});
