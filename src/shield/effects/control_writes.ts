/** Writes to industrial controllers (round 38): a tool that speaks an industrial or building-control protocol
 * (Modbus, OPC UA, BACnet, Siemens S7, DNP3, EtherNet/IP, IEC 104, a PLC or SCADA point) and writes, forces or
 * commands -- a holding register, a coil, a setpoint node, a data block, a present value. What it writes moves
 * something physical (a boiler's pressure, a breaker, a chiller, an interlock), so a person confirms it. Reads,
 * browses and subscriptions pass.
 * Sources: MITRE ATT&CK for ICS T0836 (modify parameter), T0855 (unauthorized command message), T0831
 * (manipulation of control); Modbus application protocol specification; OPC UA Part 4; ASHRAE 135 (BACnet). */

import type { Findings } from "./findings.ts";

/** Protocol and device words of industrial and building control, as tool-name words. */
const CONTROL_PROTOCOL =
  /^(?:modbus|opcua|opc|bacnet|s7|snap7|siemens|dnp3|enip|cip|iec104|iec61850|profinet|plc|plcs|scada|hmi|rtu|ics|logix|pycomm|pymodbus)$/;
/** Verbs that change what the controller holds or does. */
const CONTROL_WRITE =
  /^(?:write|writes|set|put|force|command|operate|trip|toggle|override|actuate|download|program|poke|store)$/;

export function judgeControlWrites(tool: string, words: readonly string[], findings: Findings): void {
  if (!words.some((word) => CONTROL_PROTOCOL.test(word))) return;
  const verb = words.find((word) => CONTROL_WRITE.test(word));
  if (verb === undefined) return;
  findings.escalate(
    "physical",
    `"${tool}" writes to an industrial controller ("${verb}"), which moves equipment`,
  );
}
