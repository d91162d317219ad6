/** Power in a team's room given to an account of another server (round 50): Matrix power levels (`users:
 * {"@helper:matrix-free.chat": 100}` in `m.room.power_levels`, Synapse's make-room-admin, a `power_level` beside a
 * `user_id`) of moderator (50) or more for a Matrix id whose homeserver is not the room's. The outside account can
 * then kick, ban, change the room's settings and read what it is later invited to. The same power for a colleague on
 * the room's own homeserver passes. Sources: Matrix client-server API `m.room.power_levels`; Synapse admin API
 * `make_room_admin`; MITRE ATT&CK T1098 (account manipulation). */

import type { Findings } from "./findings.ts";

const MATRIX_ID = /^@[\w.=/+-]{1,255}:([a-z0-9.-]+\.[a-z]{2,})(?::\d+)?$/i;
const ROOM_ID = /^[!#][^:\s]{1,255}:([a-z0-9.-]+\.[a-z]{2,})(?::\d+)?$/i;
const MODERATOR = 50;
const POWER_WORDS = /power|admin|moderator|promote|\bop\b|owner/i;

/** The last two labels of a host (`matrix.company.example` -> `company.example`). */
const domainOf = (host: string) => host.toLowerCase().split(".").slice(-2).join(".");

/** Matrix ids given power in the payload: keys of a `users` map with a level, or a `user_id` beside a level. */
function empowered(value: unknown, named: boolean, into: string[], depth = 0): void {
  if (depth > 3 || into.length > 16 || !value || typeof value !== "object" || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  const level = record.power_level ?? record.powerLevel ?? record.level;
  const user = record.user_id ?? record.userId ?? record.user;
  if (
    typeof user === "string" && MATRIX_ID.test(user) &&
    (named || (typeof level === "number" && level >= MODERATOR))
  ) {
    into.push(user);
  }
  for (const [key, inner] of Object.entries(record).slice(0, 32)) {
    if (MATRIX_ID.test(key) && typeof inner === "number" && inner >= MODERATOR) into.push(key);
    else empowered(inner, named, into, depth + 1);
  }
}

function roomServer(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") return ROOM_ID.exec(value)?.[1];
  if (depth > 1 || !value || typeof value !== "object" || Array.isArray(value)) return undefined;
  for (const inner of Object.values(value as Record<string, unknown>).slice(0, 16)) {
    const found = roomServer(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function judgeOutsideAdmins(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  const server = roomServer(payload);
  if (server === undefined) return;
  const users: string[] = [];
  empowered(payload, POWER_WORDS.test(tool.replaceAll("_", " ")), users);
  const own = domainOf(server);
  const outside = users.find((user) => domainOf(MATRIX_ID.exec(user)![1]) !== own);
  if (outside === undefined) return;
  findings.escalate(
    "access",
    `"${tool}" gives "${outside.slice(0, 80)}", an account of another server, power in the room`,
  );
}
