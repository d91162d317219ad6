/** What the effect profile records: each effect a human should see (ESCALATE) or that is plainly harmful
 * (BLOCK), with the words that go into the verdict's reason. */

export type EffectLevel = "block" | "escalate";

export type EffectKind =
  | "read"
  | "write"
  | "delete"
  | "exec"
  | "network"
  | "message"
  | "money"
  | "access"
  | "physical"
  | "security"
  | "delegation"
  | "engine"
  | "install"
  | "persistence"
  | "unknown";

export interface Finding {
  level: EffectLevel;
  kind: EffectKind;
  detail: string;
}

/** Collects findings once each (same kind and detail). */
export class Findings {
  readonly list: Finding[] = [];

  add(level: EffectLevel, kind: EffectKind, detail: string): void {
    if (this.list.some((known) => known.kind === kind && known.detail === detail)) return;
    this.list.push({ level, kind, detail });
  }

  block(kind: EffectKind, detail: string): void {
    this.add("block", kind, detail);
  }

  escalate(kind: EffectKind, detail: string): void {
    this.add("escalate", kind, detail);
  }

  get blocking(): Finding[] {
    return this.list.filter((finding) => finding.level === "block");
  }
}
