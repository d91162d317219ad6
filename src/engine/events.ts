/** Pipeline events (spec 6.1/6.2) and the sink the engine emits them into. */

export interface PipelineEvent {
  type: string;
  /** "" for global events (log_entry). */
  session_id: string;
  timestamp: number;
  data: Record<string, unknown>;
}

export interface EventSink {
  emit(event: PipelineEvent): void;
}

export type EventListener = (event: PipelineEvent) => void;

/** Fan-out to any number of listeners (WebSocket hub, channel adapters, tests). */
export class EventBus implements EventSink {
  private readonly listeners = new Set<EventListener>();

  emit(event: PipelineEvent): void {
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

export function makeEvent(
  type: string,
  sessionId: string,
  data: Record<string, unknown>,
  now: number,
): PipelineEvent {
  return { type, session_id: sessionId, timestamp: now, data };
}
