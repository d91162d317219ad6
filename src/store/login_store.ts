/** Web login tokens, stored only as SHA-256 hashes (of a password fingerprint and the token, made by
 * auth_service.ts) so a copied database grants no access and a new password ends old logins. */
import type { Database } from "./database.ts";
import { Statements } from "./statements.ts";

export class LoginStore {
  private readonly sql: Statements;

  constructor(db: Database) {
    this.sql = new Statements(db);
  }

  add(tokenHash: string, now: number, expiresAt: number): void {
    this.sql.get("INSERT INTO web_logins (token_hash, created_at, expires_at) VALUES (?, ?, ?)")
      .run(tokenHash, now, expiresAt);
  }

  isValid(tokenHash: string, now: number): boolean {
    const row = this.sql.get("SELECT expires_at FROM web_logins WHERE token_hash = ?").get(tokenHash) as
      | { expires_at: number }
      | undefined;
    return row !== undefined && row.expires_at > now;
  }

  remove(tokenHash: string): void {
    this.sql.get("DELETE FROM web_logins WHERE token_hash = ?").run(tokenHash);
  }

  removeExpired(now: number): void {
    this.sql.get("DELETE FROM web_logins WHERE expires_at <= ?").run(now);
  }
}
