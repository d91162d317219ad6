/** Prepares each SQL text once per database: node:sqlite statements are costly to build and freed only by GC. */
import type { StatementSync } from "node:sqlite";
import type { Database } from "./database.ts";

export class Statements {
  private readonly cache = new Map<string, StatementSync>();

  constructor(private readonly db: Database) {}

  get(sql: string): StatementSync {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }
}
