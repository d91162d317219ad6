/** Lights set to flash (round 15): strobe, flicker and long-alert modes, and pulses faster than a few a second,
 * on a lighting tool or a home-automation call for lights. Flashing between about 3 and 60 times a second can
 * trigger seizures, and a house's every bulb flashing at once is an attack on the people in it, whatever verb the
 * tool uses (`set_group`, `write_effect`, `call_service`). Sources: Ronen et al., IoT Goes Nuclear (IEEE S&P
 * 2017); Philips Hue API (`alert: lselect` flashes for 15 s); Home Assistant `light.turn_on` (`flash: long`);
 * LIFX HTTP API (pulse `period`, `cycles`); Epilepsy Foundation, photosensitive epilepsy. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";
import { payloadScalars } from "./payload_strings.ts";

/** Names and keys that put a call on lights. */
const LIGHTING =
  /^(?:lights?|lamps?|bulbs?|leds?|hue|lifx|nanoleaf|govee|wled|yeelight|wiz|tradfri|lighting|strip|effect|effects|anim|animation|scene)$/i;
const LIGHTING_KEY =
  /^(?:alert|effect|flash|animtype|anim|animation|waveform|mode|scene|value|command|name)$/i;
/** Flashing modes by value. */
const FLASHING =
  /^(?:strobe|strobing|strobe[_-]?\w+|flicker|flickering|lselect|flash(?:ing)?|blink(?:ing)?)$/i;

function lighting(words: ToolWords, payload: Record<string, unknown>): boolean {
  if (words.words.some((word) => LIGHTING.test(word))) return true;
  return payloadScalars(payload).some(({ key, value }) => key === "domain" && value === "light");
}

export function judgeFlashingLights(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!lighting(words, payload)) return;
  let period: number | undefined;
  let cycles: number | undefined;
  for (const { key: named, value } of payloadScalars(payload)) {
    const key = named.replace(/[_-]/g, "");
    const flashing = (typeof value === "string" && LIGHTING_KEY.test(key) && FLASHING.test(value.trim())) ||
      (/^flash$/i.test(key) && (value === "long" || value === true));
    if (flashing) {
      findings.escalate("physical", `"${tool}" sets lights flashing ("${named}": ${JSON.stringify(value)})`);
      return;
    }
    if (typeof value === "number" && /^(?:period|interval|durationms)$/i.test(key)) period = value;
    if (typeof value === "number" && /^(?:cycles|count|repeat|repeats|times)$/i.test(key)) cycles = value;
  }
  if (period !== undefined && cycles !== undefined && period > 0 && period <= 0.34 && cycles >= 10) {
    findings.escalate("physical", `"${tool}" pulses lights ${Math.round(1 / period)} times a second`);
  }
}
