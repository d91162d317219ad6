/** The MCP tool poisoning matrix (round 11b): hidden orders in tool descriptions, parameter descriptions, enum values,
 * results, resources and prompts, and the calls they lead to, each in our shape (`mcp__server__tool`, `register_tool`,
 * `tool_result`) and another (JSON-RPC `tools/call`, `tools/list`, `resources/read`, `prompts/get`), beside a benign
 * twin. `deno run -A tests/shield/mcp_poisoning_matrix.ts` prints the tables; `--show` adds the misses. */

import type { MatrixRow } from "./matrix_rows.ts";
import { formatMatrix, formatMisses, judgeRows } from "./matrix_report.ts";
import { DESCRIPTION_ROWS, PARAMETER_ROWS } from "./mcp_poisoning_rows.ts";
import { HIDDEN_ROWS, RESULT_ROWS } from "./mcp_poisoning_result_rows.ts";
import { WIDER_MCP_ROWS } from "./mcp_poisoning_wider_rows.ts";

export const MCP_POISONING_ROWS: MatrixRow[] = [
  ...DESCRIPTION_ROWS,
  ...PARAMETER_ROWS,
  ...RESULT_ROWS,
  ...HIDDEN_ROWS,
  ...WIDER_MCP_ROWS,
];

if (import.meta.main) {
  const judged = await judgeRows(MCP_POISONING_ROWS);
  console.log(formatMatrix(judged, "poisoning"));
  if (Deno.args.includes("--show")) console.log("\n" + formatMisses(judged));
}
