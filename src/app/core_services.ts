/** The engine's own services in the lifecycle: storage, closed last; the turns, stopped before the server; and
 * delegation (sub-agents, MCP servers, schedules), stopped first. */
import { closeDatabase } from "../store/database.ts";
import type { Agent } from "./agent.ts";
import type { Foundation } from "./foundation.ts";
import type { EngineService } from "./lifecycle.ts";
import type { Security } from "./security.ts";

/** Closes the outgoing connection pool, memory, the audit log and engine.db, in that order. */
export function storageService(base: Foundation, security: Security, agent: Agent): EngineService {
  return {
    name: "storage",
    async stop() {
      base.closeFetch(); // turns and channels have stopped: nothing calls out any more
      agent.memory.close();
      await security.auditLog.close();
      closeDatabase(base.db);
    },
  };
}

/** Denies pending approvals, then cancels running turns and waits for them to end. */
export function turnsService(security: Security, agent: Agent): EngineService {
  return {
    name: "turns",
    async stop() {
      security.approvals.denyAll();
      await agent.conversation.stopAll();
    },
  };
}

/** MCP servers and the scheduler start with the engine; on stop, sub-agents are killed first. */
export function delegationService(agent: Agent): EngineService {
  return {
    name: "sub-agents, MCP servers and schedules",
    start: () => agent.delegation.start(),
    stop: () => agent.delegation.stop(),
  };
}
