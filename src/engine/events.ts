/** The engine's event bus: every event of src/protocol/server_events.ts is emitted into it once and
 * fanned out to the WebSocket hub, channel adapters and tests. */
import type { EventSink, ServerEvent } from "../protocol/server_events.ts";

export type EventListener = (event: ServerEvent) => void;

export class EventBus implements EventSink {
  private readonly listeners = new Set<EventListener>();

  emit(event: ServerEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken listener must not stop delivery to the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
