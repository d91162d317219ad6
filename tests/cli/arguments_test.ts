import { assert, assertEquals, assertThrows } from "../support/assert.ts";
import { parseCommandLine, UsageError } from "../../src/cli/arguments.ts";
import { closestMatch } from "../../src/lib/closest_match.ts";

const run = (args: string[]) => {
  const line = parseCommandLine(args);
  assert(line.kind === "run", JSON.stringify(line));
  return { name: line.command.name, positionals: line.positionals, options: line.options };
};

Deno.test("arguments: the task's own word and deno's -- are dropped; start is the default", () => {
  assertEquals(run([]).name, "start");
  assertEquals(run(["start"]).name, "start");
  assertEquals(run(["start", "--", "doctor", "--timeout", "3"]), {
    name: "doctor",
    positionals: [],
    options: { timeout: "3" },
  });
  assertEquals(run(["start", "--", "--config", "x.yaml", "chronicle", "diff", "s1"]).positionals, [
    "diff",
    "s1",
  ]);
  assertEquals(run(["shield", "evaluate"]).positionals, ["evaluate"]);
  assertEquals(parseCommandLine(["start", "--", "-h"]), { kind: "help", command: undefined });
  assertEquals(parseCommandLine(["start", "--", "-V"]), { kind: "version" });
});

Deno.test("arguments: help for one command, by flag or by the help command", () => {
  const byFlag = parseCommandLine(["start", "--", "chat", "--help"]);
  const byWord = parseCommandLine(["help", "chat"]);
  assert(byFlag.kind === "help" && byFlag.command?.name === "chat");
  assert(byWord.kind === "help" && byWord.command?.name === "chat");
});

Deno.test("arguments: mistakes are UsageErrors that name the fix", () => {
  const message = (args: string[]) => assertThrows(() => parseCommandLine(args), UsageError).message;
  assert(
    message(["start", "--", "--prot", "1"]).includes(
      'Unknown option "--prot" for "start": did you mean "--port"?',
    ),
  );
  assert(message(["doctor", "--otr"]).includes('Unknown option "--otr" for "doctor"'));
  assert(message(["chaat"]).includes('Unknown command "chaat": did you mean "chat"?'));
  assert(message(["audit"]).includes('"audit" needs more arguments'));
  assert(message(["init", "now"]).includes('Unexpected argument "now" for "init"'));
  assert(message(["start", "--config"]).includes('Option "--config" needs a value'));
  assert(message(["chat", "--otr=yes"]).includes('Option "--otr" takes no value'));
  assert(message(["help", "nothing"]).includes('Unknown command "nothing"'));
});

Deno.test("closest match: typos within reach, nothing for unrelated words", () => {
  assertEquals(closestMatch("rols", ["roles", "models", "web"]), "roles");
  assertEquals(closestMatch("prot", ["port", "host"]), "port");
  assertEquals(closestMatch("docter", ["doctor", "chat"]), "doctor");
  assertEquals(closestMatch("frobnicate", ["workspace", "models", "roles"]), undefined);
  assertEquals(closestMatch("x", ["web"]), undefined);
});
