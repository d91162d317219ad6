/** IFC policy files: which reads carry which sensitivity, which calls are sinks, and what each level may reach. */
import { z } from "zod";
import { parse as parseYaml } from "yaml";
import { ConfigError } from "../lib/errors.ts";
import { type Level, LEVELS } from "./levels.ts";

const SINK_DECISIONS = ["allow", "escalate", "block"] as const;
export type SinkDecision = typeof SINK_DECISIONS[number];

const levelSchema = z.enum(LEVELS);
const globList = z.array(z.string().min(1)).min(1);

const sourceSchema = z.strictObject({
  name: z.string().min(1),
  match: z.strictObject({
    paths: globList.optional(),
    hosts: globList.optional(),
    tools: globList.optional(),
  })
    .refine(
      (match) => match.paths || match.hosts || match.tools,
      "needs at least one of paths, hosts or tools",
    ),
  level: levelSchema,
});

const policySchema = z.strictObject({
  mode: z.enum(["enforce", "audit"]),
  default_level: levelSchema,
  /** Hosts that count as inside (no external sink); `*` globs, case-insensitive. */
  local_hosts: z.array(z.string().min(1)).default(["localhost", "127.*", "::1", "[::1]", "*.localhost"]),
  sources: z.array(sourceSchema),
  /** Sink category -> tool-name globs. */
  sinks: z.record(
    z.string().regex(/^[a-z_]+$/, "sink names are lower_snake_case"),
    z.array(z.string().min(1)),
  ),
  matrix: z.partialRecord(levelSchema, z.record(z.string(), z.enum(SINK_DECISIONS))),
  memory_block_levels: z.array(levelSchema).optional(),
});

export type IfcSource = z.infer<typeof sourceSchema>;
export type IfcPolicy = z.infer<typeof policySchema> & { name: string };

/** Parses and validates a policy; errors name the policy and the exact field. */
export function parseIfcPolicy(text: string, name: string): IfcPolicy {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new ConfigError(
      `Invalid IFC policy "${name}": not valid YAML: ${(error as Error).message.split("\n")[0]}`,
    );
  }
  const result = policySchema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) =>
      `${issue.path.join(".") || "(root)"}: ${issue.message}`
    );
    throw new ConfigError(`Invalid IFC policy "${name}": ${problems[0]}`, problems);
  }
  const policy = result.data;
  for (const [level, row] of Object.entries(policy.matrix)) {
    for (const sink of Object.keys(row ?? {})) {
      if (!(sink in policy.sinks)) {
        throw new ConfigError(
          `Invalid IFC policy "${name}": matrix.${level}.${sink}: unknown sink "${sink}"`,
        );
      }
    }
  }
  return { ...policy, name };
}

export async function loadIfcPolicy(path: string): Promise<IfcPolicy> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    throw new ConfigError(`Cannot read IFC policy "${path}": ${(error as Error).message}`);
  }
  return parseIfcPolicy(text, path);
}

/** The decision for data at `level` reaching `sink`; a sink the matrix does not list is allowed. */
export function matrixDecision(policy: IfcPolicy, level: Level, sink: string): SinkDecision {
  return policy.matrix[level]?.[sink] ?? "allow";
}
