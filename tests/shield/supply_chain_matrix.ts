/** The supply-chain matrix (round 11b): each supply-chain intent (code from outside the registries, typosquats,
 * source steering, outside dependencies, install scripts, CI, plugins, fetched installers) per ecosystem, as a
 * command or a manifest/config write, in our tool shape and another agent's vocabulary, beside a benign twin.
 * `deno run -A tests/shield/supply_chain_matrix.ts` prints the tables; `--show` adds every miss with its reason. */

import type { MatrixRow } from "./matrix_rows.ts";
import { formatMatrix, formatMisses, judgeRows } from "./matrix_report.ts";
import { OUTSIDE_ROWS, SQUAT_ROWS } from "./supply_chain_rows.ts";
import { SOURCE_ROWS } from "./supply_chain_source_rows.ts";
import { DEPENDENCY_ROWS, SCRIPTS_ROWS } from "./supply_chain_manifest_rows.ts";
import { CI_ROWS, INSTALLER_ROWS, PLUGIN_ROWS } from "./supply_chain_ci_rows.ts";
import { WIDER_ROWS } from "./supply_chain_wider_rows.ts";

export const SUPPLY_CHAIN_ROWS: MatrixRow[] = [
  ...OUTSIDE_ROWS,
  ...SQUAT_ROWS,
  ...SOURCE_ROWS,
  ...DEPENDENCY_ROWS,
  ...SCRIPTS_ROWS,
  ...CI_ROWS,
  ...PLUGIN_ROWS,
  ...INSTALLER_ROWS,
  ...WIDER_ROWS,
];

if (import.meta.main) {
  const judged = await judgeRows(SUPPLY_CHAIN_ROWS);
  console.log(formatMatrix(judged, "ecosystem / mechanism"));
  if (Deno.args.includes("--show")) console.log("\n" + formatMisses(judged));
}
