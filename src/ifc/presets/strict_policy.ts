/** The strict IFC policy: unknown reads count as confidential and tainted sessions lose outside access. */
import { SINKS_YAML, SOURCES_YAML } from "./_shared_sections.ts";

export const STRICT_IFC_POLICY = `# Parapet information-flow-control policy: strict
# Levels: public < internal < confidential < restricted < critical.
mode: enforce
default_level: confidential

${SOURCES_YAML}
${SINKS_YAML}
matrix:
  public:       { external_send: allow, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  internal:     { external_send: escalate, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  confidential: { external_send: block, external_fetch: escalate, exec: escalate, memory_write: allow, workspace_write: allow }
  restricted:   { external_send: block, external_fetch: block, exec: block, memory_write: block, workspace_write: escalate }
  critical:     { external_send: block, external_fetch: block, exec: block, memory_write: block, workspace_write: escalate }

memory_block_levels: [confidential, restricted, critical]
`;
