/** Control keys: the secret a WebSocket connection must show in `command` and `tier3_decision` frames.
 * Minted only for the engine's own UI (POST /api/control-key, see docs/security.md), kept only in memory,
 * each bound to the one connection that claims it and dropped when that connection closes. */
import { bytesToHex } from "@noble/hashes/utils.js";

/** How long a key may wait for its connection. */
const UNCLAIMED_KEY_TTL_MS = 60_000;
/** Unclaimed keys kept at most; minting more drops the oldest. */
const MAX_UNCLAIMED = 64;

interface KeyRecord {
  /** The login that asked for the key (its stored token hash), when logins are in use. */
  owner?: string;
  expiresAt: number;
}

export interface ControlKeyOptions {
  now: () => number;
  /** Whether the login that minted a key is still valid (logout, expiry and password changes revoke keys). */
  ownerValid: (owner: string) => boolean;
}

export class ControlKeys {
  private readonly unclaimed = new Map<string, KeyRecord>();
  private readonly claimed = new Map<string, KeyRecord>();

  constructor(private readonly options: ControlKeyOptions) {}

  /** A fresh key for one connection. */
  issue(owner?: string): string {
    this.sweep();
    while (this.unclaimed.size >= MAX_UNCLAIMED) this.unclaimed.delete(this.unclaimed.keys().next().value!);
    const key = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
    this.unclaimed.set(key, { owner, expiresAt: this.options.now() + UNCLAIMED_KEY_TTL_MS });
    return key;
  }

  /** Binds an unclaimed key to the caller's connection; false for an unknown, expired or used key. */
  claim(key: string): boolean {
    this.sweep();
    const record = this.unclaimed.get(key);
    if (!record) return false;
    this.unclaimed.delete(key);
    if (record.owner !== undefined && !this.options.ownerValid(record.owner)) return false;
    this.claimed.set(key, record);
    return true;
  }

  /** True while a claimed key still grants control (its login, if any, is still valid). */
  valid(key: string): boolean {
    const record = this.claimed.get(key);
    if (!record) return false;
    if (record.owner !== undefined && !this.options.ownerValid(record.owner)) {
      this.claimed.delete(key);
      return false;
    }
    return true;
  }

  /** Forgets a key (its connection closed). */
  release(key: string): void {
    this.claimed.delete(key);
  }

  private sweep(): void {
    const now = this.options.now();
    for (const [key, record] of this.unclaimed) if (record.expiresAt <= now) this.unclaimed.delete(key);
  }
}
