/** Who could answer for a session right now. The WebSocket hub counts its connections; channel adapters add
 * their chats. Tier 3 asks only when someone can answer, so this replaces a reference to the hub itself. */

/** Clients able to answer for `sessionId` through one surface. */
export type PresenceSource = (sessionId: string) => number;

export class Presence {
  private readonly sources = new Set<PresenceSource>();

  /** Adds a surface; the returned function removes it again (an adapter that stops). */
  add(source: PresenceSource): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }

  /** Clients on every surface able to answer for the session. */
  clientsFor(sessionId: string): number {
    let count = 0;
    for (const source of this.sources) count += source(sessionId);
    return count;
  }
}
