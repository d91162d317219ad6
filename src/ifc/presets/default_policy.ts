/** The default IFC policy: secrets never leave, confidential data leaves only with a human's approval. */
import { SINKS_YAML, SOURCES_YAML } from "./_shared_sections.ts";

export const DEFAULT_IFC_POLICY = `# Parapet information-flow-control policy: default
# Levels: public < internal < confidential < restricted < critical. A session's taint is the highest
# level it has read; the matrix says what that taint may reach. $WORKSPACE is the workspace, ~ the home.
mode: enforce            # enforce | audit (audit logs what would be stopped but stops nothing)
default_level: internal  # level of a read no source matches

${SOURCES_YAML}
${SINKS_YAML}
matrix:
  public:       { external_send: allow, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  internal:     { external_send: allow, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  confidential: { external_send: escalate, external_fetch: allow, exec: allow, memory_write: allow, workspace_write: allow }
  restricted:   { external_send: block, external_fetch: escalate, exec: escalate, memory_write: allow, workspace_write: allow }
  critical:     { external_send: block, external_fetch: block, exec: escalate, memory_write: allow, workspace_write: allow }

# Memory outlives the session: writes stop once taint reaches the lowest listed level. Left unset here so
# the config key security.memory_block_levels applies (built-in default: [critical, restricted]).
# memory_block_levels: [restricted, critical]
`;
