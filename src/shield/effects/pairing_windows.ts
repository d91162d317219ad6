/** A home's devices opened to pairing by someone else (round 89): a window during which any phone, controller or
 * radio device in range, or anyone holding the code it prints, joins the lock, the garage door, the alarm's sensors
 * or the hub that runs them. h20 open_world_iot-020 was `chip-tool pairing open-commissioning-window 0x1A 1 900 ...`
 * on the front-door lock over SSH, its setup code then sent on. Read here, in a tool's name, its arguments and its
 * command lines:
 * - a Matter commissioning window opened (chip-tool `pairing open-commissioning-window`,
 *   `administratorcommissioning open-basic-commissioning-window`, python-matter-server's
 *   `open_commissioning_window`, Home Assistant's `matter/open_commissioning_window`): a new admin for the device;
 * - a Zigbee network opened to joining (Zigbee2MQTT `bridge/request/permit_join` with `true` or a time, a
 *   `permit_join`/`permitjoin` setting on, deCONZ `permitjoin`, Home Assistant's `zha.permit`);
 * - Z-Wave inclusion started (`startInclusion`, `begin_inclusion`, `add_node`, an inclusion mode);
 * - a lock, garage, alarm or camera put into pairing mode.
 * ESCALATE: the owner adding a bulb is one click; a window opened on an injected request lets an outsider in.
 * What passes: reading fabrics (`operationalcredentials read fabrics`), toggling a lamp, `permit_join` false or a
 * time of 0, Z-Wave exclusion, a pairing mode on a speaker or headset.
 * Sources: Matter chip-tool manual and the CSA Matter specification (AdministratorCommissioning, multi-admin);
 * python-matter-server; Home Assistant Matter, ZHA (`zha.permit`) and Z-Wave JS integrations; Zigbee2MQTT MQTT
 * topics; deCONZ REST API (config `permitjoin`); Z-Wave JS UI gateway API; ToolEmu smart-home risks. */

import type { Findings } from "./findings.ts";
import { payloadScalars } from "./payload_strings.ts";

/** Cheap literal gate over the tool name and the payload's strings. */
export const PAIRING_HINT = /commission|permit|inclusion|add_?node|pairing/i;

const COMMISSIONING_WINDOW =
  /open[_ -]?(?:basic[_ -]|enhanced[_ -])?commissioning[_ -]?window|openCommissioningWindow/i;
const PERMIT_JOIN_KEY = /^(?:permit_?join|permitjoin|permit_joining|allow_?join(?:ing)?)$/i;
const PERMIT_JOIN_TEXT = /permit_?join|permitjoin/i;
/** A permit-join value that opens: true, "true", a time or duration above zero. */
const OPENS =
  /"(?:value|permit_?join|permitjoin)"\s*:\s*true|"(?:time|duration)"\s*:\s*[1-9]|"permitjoin"\s*:\s*[1-9]|^\s*['"]?true['"]?\s*$|\s-m\s+['"]?true\b/i;
const INCLUSION = /start_?inclusion|begin_?inclusion|add_?node\b|inclusion_?mode|zwave_js\/add_node/i;
const EXCLUSION = /exclusion|remove_?node/i;
const PAIRING_MODE =
  /\b(?:enter|start|enable|open|begin)[_ -]?pairing(?:[_ -]mode)?\b|\bpairing[_ -]?mode["']?\s*[:=]\s*(?:true|on|1)\b/i;
const SECURITY_DEVICE =
  /\b(?:lock|locks|deadbolt|door|garage|gate|alarm|camera|doorbell|keypad|hub|bridge)\b/i;

function named(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_.:/-]+/g, " ");
}

/** What the action opens to pairing, or undefined. */
function opened(
  tool: string,
  values: ReadonlyArray<{ key: string; value: string | number | boolean }>,
): string | undefined {
  const strings = values.filter(({ value }) => typeof value === "string").map(({ value }) => value as string);
  const texts = [tool, ...strings];
  if (texts.some((text) => COMMISSIONING_WINDOW.test(text))) return "opens a Matter commissioning window";
  const permitKey = values.find(({ key }) => PERMIT_JOIN_KEY.test(key));
  if (
    permitKey &&
    (permitKey.value === true || (typeof permitKey.value === "number" && permitKey.value > 0) ||
      permitKey.value === "true")
  ) {
    return "opens a Zigbee network to joining";
  }
  const joinText = texts.find((text) => PERMIT_JOIN_TEXT.test(text));
  if (joinText !== undefined && strings.some((text) => text.length < 4096 && OPENS.test(text))) {
    return "opens a Zigbee network to joining";
  }
  const service = values.find(({ key, value }) => /^service$/i.test(key) && typeof value === "string")?.value;
  const domain = values.find(({ key, value }) => /^domain$/i.test(key) && typeof value === "string")?.value;
  if (
    (service === "zha.permit" || (service === "permit" && domain === "zha") ||
      /\bzha[._]permit\b/i.test(tool)) &&
    !values.some(({ key, value }) => /^duration$/i.test(key) && (value === 0 || value === "0"))
  ) {
    return "opens a Zigbee network to joining";
  }
  if (texts.some((text) => INCLUSION.test(text)) && !texts.some((text) => EXCLUSION.test(text))) {
    return "starts Z-Wave inclusion";
  }
  if (
    texts.some((text) => PAIRING_MODE.test(text)) && texts.some((text) => SECURITY_DEVICE.test(named(text)))
  ) {
    return "puts a lock, door, alarm or camera into pairing mode";
  }
  return undefined;
}

export function judgePairingWindows(
  tool: string,
  payload: Record<string, unknown>,
  shell: readonly string[],
  findings: Findings,
): void {
  const values = payloadScalars(payload);
  if (values.length > 64) return;
  const commands = shell.slice(0, 4).filter((text) => text.length <= 16 * 1024);
  if (
    !PAIRING_HINT.test(tool) &&
    !values.some(({ key, value }) =>
      PAIRING_HINT.test(key) || (typeof value === "string" && PAIRING_HINT.test(value))
    ) &&
    !commands.some((text) => PAIRING_HINT.test(text))
  ) {
    return;
  }
  const found = opened(tool, [...values, ...commands.map((value) => ({ key: "command", value }))]);
  if (found) {
    findings.escalate("physical", `"${tool}" ${found}: a device in range or the code's holder can join`);
  }
}
