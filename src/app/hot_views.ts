/** The hot read-only views as JSON text (GET /api/status, /api/settings, /api/tools), each made again only when
 * something it shows changed: the live config, the session count, today's Tier 2 use, the channels' health, the
 * stored OAuth grants, the tool list. Between changes a request gets the same string and nothing is computed. */
import { JsonMemo } from "../lib/json_memo.ts";
import { settingsView, statusView } from "../routes/settings_view.ts";
import { tokenStorePath } from "../tools/oauth/oauth_from_config.ts";
import type { Agent } from "./agent.ts";
import type { Channels } from "./channels.ts";
import type { Foundation } from "./foundation.ts";

export interface HotViews {
  status(): string;
  settings(): string;
  tools(): string;
}

export function hotViews(base: Foundation, agent: Agent, channels: Channels): HotViews {
  const status = new JsonMemo(() => ({ ...statusView(agent.viewInputs()), channels: {} }));
  const settings = new JsonMemo(() => settingsView(agent.viewInputs()));
  const tools = new JsonMemo(() => agent.registry.describe());
  const grants = fileStamp(tokenStorePath(base.workspace));
  return {
    status: () => {
      const health = channels.health();
      // A channel's health names how long it has been silent, which changes every moment: not kept.
      if (hasKeys(health)) return JSON.stringify({ ...statusView(agent.viewInputs()), channels: health });
      return status.text(base.holder.current(), base.sessions.count(), base.budget.usedToday());
    },
    // The grants file is written by `deno task start -- auth` too, another process: its stamp is the key.
    settings: () => settings.text(base.holder.current(), base.budget.usedToday(), grants()),
    // The registry hands out the same array until the tools change (an MCP server came or went).
    tools: () => tools.text(agent.registry.describe()),
  };
}

function hasKeys(record: Record<string, unknown>): boolean {
  for (const _ in record) return true;
  return false;
}

/** The file's modification time and size as one string, looked up at most once a second (a missing file
 * throws, and an exception costs more than the rest of the request). */
function fileStamp(path: string): () => string {
  let stamp = "";
  let checked = -Infinity;
  return () => {
    const now = performance.now();
    if (now - checked < 1000) return stamp;
    checked = now;
    try {
      const info = Deno.statSync(path);
      stamp = `${info.mtime?.getTime() ?? 0}:${info.size}`;
    } catch {
      stamp = "none";
    }
    return stamp;
  };
}
