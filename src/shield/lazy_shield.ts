/** Shield loaded on first use: its rule tables, literal automaton and effect data (most of the engine's idle
 * memory) are imported when the first action is judged, or earlier through prepare() (when a turn begins, while
 * the model is still thinking), not at engine start. Judgements are the same: evaluate awaits the real Shield,
 * built with the latest policy. */
import { actionHash } from "./action_hash.ts";
import type { Policy } from "./policy.ts";
import type { Shield, ShieldOptions } from "./shield.ts";

export interface LazyShield extends Shield {
  /** Loads Shield now if it is not loaded yet; resolves once it can judge. */
  prepare(): Promise<void>;
  /** Whether the real Shield has been built (for tests and the footprint benchmark). */
  readonly loaded: boolean;
}

export function createLazyShield(options: ShieldOptions): LazyShield {
  let policy: Policy = options.policy;
  let built: Shield | undefined;
  let loading: Promise<Shield> | undefined;
  const load = (): Promise<Shield> =>
    loading ??= import("./shield.ts").then(({ createShield }) =>
      built = createShield({ ...options, policy })
    );
  return {
    async evaluate(action, hints) {
      return await (built ?? await load()).evaluate(action, hints);
    },
    actionHash,
    updatePolicy(next) {
      policy = next;
      built?.updatePolicy(next);
    },
    async prepare() {
      await load();
    },
    get loaded() {
      return built !== undefined;
    },
  };
}
