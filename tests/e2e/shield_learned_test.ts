/** "Allow from now on" in the engine (contract 16): the Tier 3 request offers exactly one scope; an approve
 * with `remember` writes a `learned: …` rule to learned.yaml beside the policy with an audit entry, and the
 * next action of that scope is allowed at Tier 0 without a prompt, while another scope, a plain approve, a
 * deny with remember, and a client naming no pending request learn nothing. */
import { assert, assertEquals } from "../support/assert.ts";
import type { WsClient } from "../support/ws_client.ts";
import {
  assertMissing,
  auditEntries,
  type ShieldRig,
  startShieldRig,
  toolSteps,
  turnEvents,
} from "./shield_e2e_support.ts";

/** Settings a human should see (Tier 1 escalates them: debug on and every host allowed). */
const LOOSE_SETTINGS = "DEBUG = True\nALLOWED_HOSTS = ['*']\n";

const write = (path: string) => ({
  name: "write_file",
  arguments: { path, content: LOOSE_SETTINGS },
  text: "",
});

function turn(rig: ShieldRig, client: WsClient, sessionId: string, path: string) {
  rig.script(toolSteps(write(path)));
  client.clear();
  client.send({ type: "message", session_id: sessionId, content: `Update ${path}` });
}

async function learnedText(rig: ShieldRig): Promise<string> {
  try {
    return await Deno.readTextFile(`${rig.engine.root}/policies/learned.yaml`);
  } catch {
    return "";
  }
}

Deno.test("shield e2e: allow from now on learns exactly the offered scope", async (t) => {
  const rig = await startShieldRig({ testPolicy: true });
  try {
    const sessionId = await rig.newSession();
    const client = await rig.connect(sessionId);

    await t.step("a plain approve learns nothing; the request offers one path scope", async () => {
      turn(rig, client, sessionId, "config/a_settings.py");
      const asked = (await client.waitFor("tier3_approval_required")).data!;
      assertEquals(asked.allow_from_now_on, {
        label: 'Allow "write_file" on config/a_settings.py from now on',
        scope: { kind: "path", path: "config/a_settings.py" },
      });
      client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "approve" });
      await client.waitFor("response_complete");
      assertEquals(await learnedText(rig), "");
    });

    await t.step("a deny with remember learns nothing and the file is not written", async () => {
      turn(rig, client, sessionId, "config/b_settings.py");
      const asked = (await client.waitFor("tier3_approval_required")).data!;
      client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "deny", remember: true });
      await client.waitFor("response_complete");
      assertEquals(await learnedText(rig), "");
      await assertMissing(`${rig.workspace}/config/b_settings.py`);
    });

    await t.step("approve with remember writes the rule, audits it, and runs the action", async () => {
      turn(rig, client, sessionId, "config/settings.py");
      const asked = (await client.waitFor("tier3_approval_required")).data!;
      client.send({
        type: "tier3_decision",
        action_id: asked.action_id,
        decision: "approve",
        remember: true,
      });
      await client.waitFor("response_complete");
      const learned = await learnedText(rig);
      assert(learned.includes("learned: write_file on config/settings.py"), learned);
      assertEquals(await Deno.readTextFile(`${rig.workspace}/config/settings.py`), LOOSE_SETTINGS);
      const entries = await auditEntries(rig);
      const learnedEntry = entries.find((entry) => entry.event === "shield_rule_learned") as
        | { details: unknown }
        | undefined;
      assertEquals(learnedEntry?.details, {
        action_id: asked.action_id,
        rule: "learned: write_file on config/settings.py",
        scope: "path",
      });
      const decided = entries.find((entry) =>
        entry.event === "tier3_decision" &&
        (entry.details as Record<string, unknown>).action_id === asked.action_id
      ) as { details: Record<string, unknown> } | undefined;
      assertEquals(decided?.details.remember, true);
    });

    await t.step("the same scope is now allowed at Tier 0 without a prompt", async () => {
      turn(rig, client, sessionId, "config/settings.py");
      await client.waitFor("response_complete");
      const events = turnEvents(client);
      assert(!events.some((event) => event.type === "tier3_approval_required"), "no prompt");
      const verdict = events.find((event) => event.type === "shield_verdict")!.data!;
      assertEquals([verdict.decision, verdict.tier], ["ALLOW", 0]);
      assertEquals(verdict.reason, 'Policy rule "learned: write_file on config/settings.py"');
    });

    await t.step("a remember that is not a boolean is refused as an invalid frame", async () => {
      client.clear();
      client.send({ type: "tier3_decision", action_id: "act_x", decision: "approve", remember: "yes" });
      const error = (await client.waitFor("error")).data!;
      assertEquals(error.code, "INVALID_FRAME");
      assert(String(error.message).includes("remember"), String(error.message));
    });

    await t.step("another path is still asked about (the scope is exactly the one shown)", async () => {
      turn(rig, client, sessionId, "config/other_settings.py");
      const asked = (await client.waitFor("tier3_approval_required")).data!;
      client.send({ type: "tier3_decision", action_id: asked.action_id, decision: "deny" });
      await client.waitFor("response_complete");
    });
  } finally {
    await rig.close();
  }
});
