/** Devices that keep someone alive or warn of danger, switched off through a plug, switch or device tool, ask the
 * user in every vocabulary; the same devices switched on or read, and ordinary devices switched off, pass. */

import assert from "node:assert/strict";
import { makeShield } from "../shield_fixture.ts";
import type { Action } from "../../../src/shield/types.ts";

const SWITCHED_OFF: Action[] = [
  { type: "kasa_plug", payload: { alias: "Mum's oxygen concentrator", power_state: "OFF" } },
  { type: "hass_call", payload: { service: "switch.turn_off", entity_id: "switch.bipap_bedroom" } },
  {
    type: "tuya_device_control",
    payload: { device_name: "Dialysis machine", commands: [{ code: "switch_1", value: false }] },
  },
  { type: "wemo_set", payload: { name: "Nebulizer", state: 0 } },
  { type: "mcp__smarthome__power_off", payload: { device: "Gas leak detector (kitchen)" } },
  { type: "control_device", payload: { target: "Feeding pump", action: "shutdown" } },
  { type: "set_switch", payload: { label: "Smoke alarm hub", on: false } },
];

const ORDINARY: Action[] = [
  { type: "tplink_kasa_set_state", payload: { alias: "Desk fan", state: "off" } },
  {
    type: "HomeAssistantCallService",
    payload: { domain: "switch", service: "turn_on", service_data: { entity_id: "switch.bipap_bedroom" } },
  },
  { type: "tuya_device_status", payload: { device_name: "Dialysis machine" } },
  { type: "mcp__smarthome__get_state", payload: { device: "Gas leak detector (kitchen)" } },
  { type: "set_switch", payload: { label: "Christmas lights", on: false } },
];

Deno.test("life-support and alarm devices switched off ask the user in any tool's vocabulary", async () => {
  const shield = makeShield();
  for (const action of SWITCHED_OFF) {
    const verdict = await shield.evaluate(action);
    assert.notEqual(verdict.decision, "ALLOW", `${action.type} ${JSON.stringify(action.payload)}`);
  }
});

Deno.test("the same devices switched on or read, and ordinary devices switched off, pass", async () => {
  const shield = makeShield();
  for (const action of ORDINARY) {
    const verdict = await shield.evaluate(action);
    assert.equal(
      verdict.decision,
      "ALLOW",
      `${action.type} ${JSON.stringify(action.payload)}: ${verdict.reason}`,
    );
  }
});
