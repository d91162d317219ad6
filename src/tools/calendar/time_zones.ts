/** Wall-clock time in an IANA zone to UTC, with the runtime's time zone data (for TZIDs sent without a VTIMEZONE). */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** UTC instant of `wall` in `zone`; an unknown or absent zone reads the wall time as UTC. */
export function zonedToUtc(wall: WallTime, zone: string | undefined): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  if (!zone) return new Date(asUtc);
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  } catch {
    return new Date(asUtc);
  }
  // Two passes settle the offset across a daylight-saving change.
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass++) guess = asUtc - offsetAt(formatter, guess);
  return new Date(guess);
}

function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(instant / 1000) * 1000;
}
