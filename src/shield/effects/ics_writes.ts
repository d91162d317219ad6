/** Writes to industrial controllers (round 57): Modbus registers and coils written by `mbpoll` (values after the
 * host) and `modpoll`, `modbus write` (modbus-cli) and other protocol tools named to write, pymodbus/pyModbusTCP `write_register(s)`/`write_coil(s)`; Siemens S7 data
 * blocks by python-snap7 (`db_write`, `write_area`); BACnet `bacwp` and BAC0 `write`; OPC UA `uawrite` and asyncua
 * `write_value`; Allen-Bradley tags by pycomm3 `write`. A setpoint, valve or pump changed from a laptop bypasses the
 * plant's own interlocks. Reads (`mbpoll` without values, `uaread`, `bacrp`, `read_holding_registers`) pass.
 * Sources: mbpoll manual; modbus-cli README; pymodbus and python-snap7 documentation; bacnet-stack tools;
 * opcua-asyncio command-line tools; MITRE ATT&CK for ICS T0836 (modify parameter), T0855 (unauthorized command
 * message). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** mbpoll options that take a value (`-m tcp`, `-r 40012`); the others are flags. */
const MBPOLL_VALUED = new Set(["-m", "-a", "-r", "-c", "-t", "-b", "-d", "-s", "-P", "-p", "-o", "-l"]);
const WRITE_PROGRAMS = new Set(["bacwp", "uawrite"]);

/** Whether an mbpoll command carries values to write: positional words after the device or host. */
function mbpollWrites(argv: readonly string[]): boolean {
  const positional: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--") return i + 1 < argv.length;
    if (MBPOLL_VALUED.has(word)) {
      i++;
      continue;
    }
    if (
      (/^-[a-zA-Z0-9]/.test(word) && !/^-\d+$/.test(word)) ||
      (positional.length === 0 && word.startsWith("-"))
    ) {
      continue;
    }
    positional.push(word);
  }
  return positional.length >= 2;
}

/** Programs of controller protocols (`modbus_write_register`, `s7-cli`, `dnp3-master`) whose name or first words say
 * write. */
const PROTOCOL_PROGRAM = /modbus|^mb|^s7|snap7|bacnet|opc-?ua|dnp3|plc|profinet|ethernet-?ip/i;

/** Controller clients that only read (their writing twins are `WRITE_PROGRAMS`). */
const READ_PROGRAMS = new Set(["uaread", "bacrp"]);

/** Whether this check knows `program`'s reads from its writes (`unknown_programs.ts` counts it as known); programs
 * only matched by their protocol's name (`mbtget -w6 ...`) are not: their write switches are not read here. */
export function icsProgram(program: string): boolean {
  return program === "mbpoll" || program === "modpoll" || WRITE_PROGRAMS.has(program) ||
    READ_PROGRAMS.has(program);
}

/** The programs `icsWrite` can find a write in (speed round 32 gates `judgeIcsWrites`' segment loop by name). */
export const writesControllersWith = (program: string): boolean =>
  program === "mbpoll" || program === "modpoll" || WRITE_PROGRAMS.has(program) ||
  PROTOCOL_PROGRAM.test(program);

function icsWrite(segment: Segment): string | undefined {
  const argv = segment.argv;
  const program = segment.program;
  if ((program === "mbpoll" || program === "modpoll") && mbpollWrites(argv)) {
    return "writes Modbus registers or coils";
  }
  if (WRITE_PROGRAMS.has(program)) return "writes a controller's value";
  if (
    PROTOCOL_PROGRAM.test(program) &&
    (/write|set_?point|force/i.test(program) || /^(?:write|set|force)/i.test(argv[1] ?? ""))
  ) {
    return "writes a controller's value";
  }
  return undefined;
}

/** Controller libraries and their writing calls, in code run by a command. */
const ICS_LIBRARY =
  /\b(?:pymodbus|pyModbusTCP|snap7|asyncua|opcua|BAC0|pycomm3|cpppo|minimalmodbus|umodbus)\b/;
const ICS_WRITE =
  /\.(?:write_registers?|write_coils?|write_single_(?:register|coil)|write_multiple_(?:registers|coils)|db_write|write_area|as_write_area|mb_write|ab_write|eb_write|write_value|set_value|write_attribute|write_bit|write_long|write_float)\s*\(|\bbacnet\.write\(|\bplc\.write\(/;
/** Round 89: Siemens S7 calls that stop or restart a controller's program, or replace or delete its blocks
 * (python-snap7 `plc_stop`, `plc_cold_start`, `download`, `delete`; node-snap7 `PlcStop`): h20 open_world_iot-017 stopped an S7
 * line with `c.plc_stop()`. `get_cpu_state` and `db_read` read. */
const ICS_RUN_STATE =
  /\.(?:plc_stop|plc_hot_start|plc_cold_start|PlcStop|PlcHotStart|PlcColdStart|download|delete|Download|Delete|compress|Compress|clear_?memory)\s*\(/;

export function judgeIcsWrites(
  segments: readonly Segment[],
  code: readonly string[],
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 32)) {
    const found = icsWrite(segment);
    if (found) {
      findings.escalate("physical", `"${segment.program}" ${found}`);
      return;
    }
  }
  for (const text of code.slice(0, 8)) {
    // A cheap literal first: every writing call below holds "write" or "set_value".
    if (
      text.length > 20000 ||
      !(text.includes("write") || text.includes("set_value") || text.includes("snap7")) ||
      !ICS_LIBRARY.test(text)
    ) {
      continue;
    }
    const call = ICS_WRITE.exec(text);
    if (call) {
      findings.escalate("physical", `code writes to an industrial controller (${call[0].slice(0, 40)})`);
      return;
    }
    const stop = text.includes("snap7") ? ICS_RUN_STATE.exec(text) : null;
    if (stop) {
      findings.escalate(
        "physical",
        `code stops or reprograms an industrial controller (${stop[0].slice(0, 40)})`,
      );
      return;
    }
  }
}
