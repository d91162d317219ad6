/** The Tier 2 daily budget, counted in the database so restarts do not reset it. */
import type { Database } from "./database.ts";
import { Statements } from "./statements.ts";
import type { Clock } from "../lib/clock.ts";
import { dayOf } from "./metrics_store.ts";

/** Shield's BudgetCounter (src/shield/types.ts), kept in engine.db. */
export class BudgetStore {
  private readonly sql: Statements;

  constructor(db: Database, private readonly clock: Clock) {
    this.sql = new Statements(db);
  }

  /** Today's count, read from the database once a day and kept in step by tryConsume. */
  private cached: { day: string; used: number } | undefined;

  usedToday(): number {
    const day = dayOf(this.clock.now());
    if (this.cached?.day !== day) {
      const row = this.sql.get("SELECT used FROM tier2_budget WHERE day = ?").get(day) as
        | { used: number }
        | undefined;
      this.cached = { day, used: row?.used ?? 0 };
    }
    return this.cached.used;
  }

  tryConsume(limit: number): boolean {
    const day = dayOf(this.clock.now());
    this.sql.get("INSERT OR IGNORE INTO tier2_budget (day, used) VALUES (?, 0)").run(day);
    const result = this.sql.get("UPDATE tier2_budget SET used = used + 1 WHERE day = ? AND used < ?").run(
      day,
      limit,
    );
    this.cached = undefined;
    return result.changes > 0;
  }
}
