/** Exit codes the supervisor and the engine agree on, in a module of their own so the supervisor imports nothing
 * else of the engine for them. */

/** The supervisor starts a new engine when one exits with this code (POST /api/restart in docs/api.md). */
export const RESTART_EXIT_CODE = 75;
