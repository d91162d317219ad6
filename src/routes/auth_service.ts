/** Password login for the web UI and API (docs/security.md, "Web access"): bcrypt check, random cookie tokens, rate limit.
 * Tokens are stored hashed together with a fingerprint of the password hash, so changing the password (a
 * config edit and restart) invalidates every earlier login. */
import { randomBytes } from "node:crypto";
import { importWhenNeeded } from "../lib/import_when_needed.ts";
import { sha256Hex } from "../lib/sha256.ts";
import type { Clock } from "../lib/clock.ts";
import type { LoginStore } from "../store/login_store.ts";
import { SlidingWindow } from "../lib/sliding_window.ts";

export const LOGIN_COOKIE = "op_session";
export const LOGIN_MAX_AGE_SECONDS = 86400;
const ATTEMPTS_PER_MINUTE = 5;

export type LoginOutcome = { ok: true; token: string } | {
  ok: false;
  reason: "wrong_password" | "rate_limited";
};

export class AuthService {
  private readonly attempts: SlidingWindow;
  private readonly fingerprint: string;
  /** True when a password is set and logins are on: control of the agent (control keys) then needs a login
   * even where plain requests do not (localhost). */
  readonly controlNeedsLogin: boolean;

  constructor(
    /** True when requests must carry a valid login cookie. */
    readonly required: boolean,
    private readonly passwordHash: string | undefined,
    private readonly store: LoginStore,
    private readonly clock: Clock,
    /** Told of every login attempt (the audit log); never given the password. */
    private readonly onAttempt: (outcome: "success" | "failure" | "rate_limited", client: string) => void =
      () => {},
    /** web.auth: false turns logins off everywhere. */
    loginsEnabled = true,
  ) {
    this.attempts = new SlidingWindow({ windowMs: 60_000, now: () => clock.now() });
    this.fingerprint = sha256Hex(`parapet-login\n${passwordHash ?? ""}`);
    this.controlNeedsLogin = loginsEnabled && passwordHash !== undefined;
  }

  async login(password: string, client: string): Promise<LoginOutcome> {
    if (!this.attempts.take(client, ATTEMPTS_PER_MINUTE)) {
      this.onAttempt("rate_limited", client);
      return { ok: false, reason: "rate_limited" };
    }
    if (!this.passwordHash || !(await passwordMatches(password, this.passwordHash))) {
      this.onAttempt("failure", client);
      return { ok: false, reason: "wrong_password" };
    }
    this.onAttempt("success", client);
    const token = randomBytes(32).toString("hex");
    const now = this.clock.now();
    this.store.removeExpired(now);
    this.store.add(this.hashToken(token), now, now + LOGIN_MAX_AGE_SECONDS * 1000);
    return { ok: true, token };
  }

  logout(token: string | undefined): void {
    if (token) this.store.remove(this.hashToken(token));
  }

  isAuthenticated(token: string | undefined): boolean {
    if (!this.required) return true;
    return this.loginHandle(token) !== undefined;
  }

  /** The stored hash of a valid login token (an opaque handle that can be re-checked later), or undefined. */
  loginHandle(token: string | undefined): string | undefined {
    if (token === undefined || !/^[0-9a-f]{64}$/.test(token)) return undefined;
    const handle = this.hashToken(token);
    return this.handleValid(handle) ? handle : undefined;
  }

  /** Whether a WebSocket opened with this request may act for the user (approve, run commands) without a
   * control key: always when no password is set (nothing could tell the user's own clients apart), else while
   * the login its cookie carries stays valid. */
  controlAtUpgrade(request: Request): (() => boolean) | undefined {
    if (!this.controlNeedsLogin) return () => true;
    const handle = this.loginHandle(loginTokenOf(request.headers.get("cookie") ?? ""));
    return handle === undefined ? undefined : () => this.handleValid(handle);
  }

  /** True while the login behind `handle` is neither logged out nor expired. */
  handleValid(handle: string): boolean {
    return this.store.isValid(handle, this.clock.now());
  }

  private hashToken(token: string): string {
    return sha256Hex(`${this.fingerprint}:${token}`);
  }
}

/** The login token in a Cookie header, if any. */
function loginTokenOf(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === LOGIN_COOKIE) return value.join("=");
  }
  return undefined;
}

/** bcrypt, loaded at the first login attempt: an engine nobody logs in to never loads it. */
async function passwordMatches(password: string, hash: string): Promise<boolean> {
  const { compare } = await importWhenNeeded<typeof import("bcrypt-ts")>("bcrypt-ts");
  return await compare(password, hash);
}
