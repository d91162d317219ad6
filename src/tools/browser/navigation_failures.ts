/** Counts each session's consecutive failed navigations; at the limit, navigation stays off for that session
 * (a page that keeps failing, or an agent probing addresses it may not reach, gets no more tries). */

export class NavigationFailures {
  #counts = new Map<string, number>();

  /** The refusal message when navigation is off for the session, else undefined. */
  refusal(sessionId: string, limit: number): string | undefined {
    const count = this.#counts.get(sessionId) ?? 0;
    if (count < limit) return undefined;
    return `Browser navigation is disabled for this session after ${count} consecutive failed navigations ` +
      `(agents.max_consecutive_nav_failures is ${limit}): start a new session to browse again`;
  }

  failed(sessionId: string): number {
    const count = (this.#counts.get(sessionId) ?? 0) + 1;
    this.#counts.set(sessionId, count);
    return count;
  }

  succeeded(sessionId: string): void {
    this.#counts.delete(sessionId);
  }

  forget(sessionId: string): void {
    this.#counts.delete(sessionId);
  }
}
