/** The permissive IFC policy: only keys and credentials are kept from leaving; little is escalated. */
import { SINKS_YAML, SOURCES_YAML } from "./_shared_sections.ts";

export const PERMISSIVE_IFC_POLICY = `# Parapet information-flow-control policy: permissive
# For trusted, single-user setups. Levels: public < internal < confidential < restricted < critical.
mode: enforce
default_level: internal

${SOURCES_YAML}
${SINKS_YAML}
matrix:
  public:       { external_send: allow, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  internal:     { external_send: allow, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  confidential: { external_send: allow, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  restricted:   { external_send: escalate, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  critical:     { external_send: block, external_fetch: escalate, exec: allow, memory_write: allow, workspace_write: allow }

memory_block_levels: [critical]
`;
