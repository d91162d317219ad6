/** Sets of program names given as patterns (`^(?:npm|pnpm)$`, `^python[0-9.]*$`), answered from a table built
 * once per distinct program name: a command's checks cost one lookup, not one regex each. */

const sets: RegExp[] = [];
/** Per program name seen: which sets hold it (1 or 0 per set, in creation order). Bounded; refilled on demand. */
const memberships = new Map<string, Uint8Array>();
const MAX_NAMES = 4096;
let lastName = "";
let lastMemberships: Uint8Array | undefined;

function membershipsOf(program: string): Uint8Array {
  if (program === lastName && lastMemberships && lastMemberships.length === sets.length) {
    return lastMemberships;
  }
  let found = memberships.get(program);
  if (!found || found.length !== sets.length) {
    found = new Uint8Array(sets.length);
    for (let k = 0; k < sets.length; k++) {
      sets[k].lastIndex = 0;
      found[k] = sets[k].test(program) ? 1 : 0;
    }
    if (memberships.size >= MAX_NAMES) memberships.clear();
    memberships.set(program, found);
  }
  [lastName, lastMemberships] = [program, found];
  return found;
}

/** Whether some set holds `program` (round 59: one of the programs Shield knows). */
export function inSomeSet(program: string): boolean {
  return membershipsOf(program).includes(1);
}

export class ProgramSet {
  private readonly index: number;

  constructor(readonly pattern: RegExp) {
    this.index = sets.length;
    sets.push(pattern);
  }

  /** Whether `program` is in the set (`pattern.test(program)`). */
  has(program: string): boolean {
    return membershipsOf(program)[this.index] === 1;
  }
}

export const programs = (pattern: RegExp): ProgramSet => new ProgramSet(pattern);
