// The scrolling timeline: renders the newest items (older ones on request), sticks to the bottom while
// the user is there, and offers "Jump to latest" when they scrolled up.
import { html, useEffect, useLayoutEffect, useRef, useState } from "../lib/html.js";
import { MessageItem } from "./message_item.js";

const PAGE = 150;
const STICK_DISTANCE_PX = 80;

export function MessageList({ items, sessionId }) {
  const [shown, setShown] = useState(PAGE);
  const [stuck, setStuck] = useState(true);
  const scroller = useRef(null);
  const content = useRef(null);
  const stuckRef = useRef(true);
  const restore = useRef(null);

  useEffect(() => {
    setShown(PAGE);
    stuckRef.current = true;
    setStuck(true);
  }, [sessionId]);

  useEffect(() => {
    const observer = new ResizeObserver(() => {
      if (stuckRef.current && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (restore.current !== null) {
      el.scrollTop = el.scrollHeight - restore.current;
      restore.current = null;
    } else if (stuckRef.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [items, shown]);

  // A scroll event queued before the list unmounted can still arrive once its element is gone.
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE_PX;
    if (atBottom !== stuckRef.current) {
      stuckRef.current = atBottom;
      setStuck(atBottom);
    }
  };
  const showEarlier = () => {
    if (scroller.current) restore.current = scroller.current.scrollHeight - scroller.current.scrollTop;
    setShown(shown + PAGE);
  };
  const jump = () => {
    stuckRef.current = true;
    setStuck(true);
    if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  };

  const hidden = Math.max(0, items.length - shown);
  const visible = hidden ? items.slice(hidden) : items;
  return html`
    <div class="chat-scroll" ref=${scroller} onScroll=${onScroll}>
      <div class="chat-content" ref=${content} role="log" aria-label="Conversation" aria-live="off">
        ${hidden
          ? html`<button type="button" class="btn btn-ghost show-earlier" onClick=${showEarlier}>
          Show earlier messages (${hidden.toLocaleString()} more)</button>`
          : null}
        ${visible.map((item, index) =>
          html`
            <div class="timeline-item" key=${item.key} data-kind=${item.kind}>
              <${MessageItem} item=${item} isLast=${index === visible.length - 1} />
            </div>
          `
        )}
      </div>
      ${stuck
        ? null
        : html`<button type="button" class="btn jump-latest" onClick=${jump}>Jump to latest ↓</button>`}
    </div>
  `;
}
