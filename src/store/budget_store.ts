/** The Tier 2 daily budget, counted in the database so restarts do not reset it. */
import type { Database } from "./database.ts";
import { Statements } from "./statements.ts";
import type { Clock } from "../clock.ts";
import type { BudgetCounter } from "../shield/types.ts";
import { dayOf } from "./metrics_store.ts";

export class BudgetStore implements BudgetCounter {
  private readonly sql: Statements;

  constructor(db: Database, private readonly clock: Clock) {
    this.sql = new Statements(db);
  }

  usedToday(): number {
    const row = this.sql.get("SELECT used FROM tier2_budget WHERE day = ?").get(dayOf(this.clock.now())) as
      | { used: number }
      | undefined;
    return row?.used ?? 0;
  }

  tryConsume(limit: number): boolean {
    const day = dayOf(this.clock.now());
    this.sql.get("INSERT OR IGNORE INTO tier2_budget (day, used) VALUES (?, 0)").run(day);
    const result = this.sql.get("UPDATE tier2_budget SET used = used + 1 WHERE day = ? AND used < ?").run(day, limit);
    return result.changes > 0;
  }
}
