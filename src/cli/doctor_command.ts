/** `doctor`: runs every check (config, keys, models, sandbox, browser, port, workspace, Deno) and prints one
 * line each, with the fix for anything that is not ok. Exit 1 when a check failed. */
import { loadConfig, parseConfigText, workspaceOf } from "../config/load_config.ts";
import { readEnv } from "../config/env.ts";
import type { Config } from "../config/schema.ts";
import { ConfigError } from "../lib/errors.ts";
import { styleFor, type TerminalStyle } from "../lib/terminal_style.ts";
import { UsageError } from "./arguments.ts";
import {
  chatRoleCheck,
  type CheckResult,
  chromiumCheck,
  denoVersionCheck,
  keyChecks,
  modelCheck,
  portCheck,
  sandboxCheck,
  workspaceCheck,
} from "./doctor_checks.ts";
import { configPathFrom, type OptionValues, stringOption } from "./options.ts";
import { formatConfigError } from "./startup_failure.ts";

export async function doctorCommand(options: OptionValues): Promise<number> {
  const timeoutMs = timeoutFrom(options);
  const path = configPathFrom(options);
  const style = styleFor(Deno.stdout, readEnv);
  const print = (result: CheckResult) => console.log(formatCheck(result, style));
  const { config, result } = await configCheck(path);
  print(result);
  const results: CheckResult[] = [result];
  const checks: Promise<CheckResult[]>[] = [
    Promise.resolve([denoVersionCheck()]),
    Promise.resolve(keyChecks(config)),
    Promise.resolve([chatRoleCheck(config)].filter((check) => check !== undefined)),
    Promise.all(config.models.map((model) => modelCheck(model, config, timeoutMs))),
    sandboxCheck().then((check) => [check]),
    chromiumCheck(config).then((check) => [check]),
    portCheck(config).then((check) => [check]),
    workspaceCheck(workspaceOf(config, path), path).then((check) => [check]),
  ];
  // Printed in a fixed order once all are in, so the output reads the same on every run.
  for (const group of await Promise.all(checks)) {
    for (const check of group) {
      print(check);
      results.push(check);
    }
  }
  const failed = results.filter((check) => check.status === "fail").length;
  const warned = results.filter((check) => check.status === "warn").length;
  console.log(
    failed === 0
      ? style.green(`All checks passed${warned ? ` (${warned} warning${warned > 1 ? "s" : ""})` : ""}.`)
      : style.red(`${failed} check${failed > 1 ? "s" : ""} failed.`),
  );
  return failed === 0 ? 0 : 1;
}

async function configCheck(path: string): Promise<{ config: Config; result: CheckResult }> {
  const exists = await Deno.stat(path).then(() => true, () => false);
  if (!exists) {
    return {
      config: parseConfigText("").config,
      result: {
        status: "warn",
        name: "config",
        message: `${path} does not exist yet: the checks below use the defaults`,
        fix: "deno task start -- init (asks about your model), or deno task start (writes the default)",
      },
    };
  }
  try {
    const loaded = await loadConfig(path);
    const warnings = loaded.warnings.length;
    return {
      config: loaded.config,
      result: warnings === 0 ? { status: "ok", name: "config", message: `${path} is valid` } : {
        status: "warn",
        name: "config",
        message: loaded.warnings.join("; "),
        fix: "remove or correct those keys",
      },
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return {
      config: parseConfigText("").config,
      result: {
        status: "fail",
        name: "config",
        message: formatConfigError(error).replaceAll("\n", " "),
        fix: "edit the lines named",
      },
    };
  }
}

function formatCheck(result: CheckResult, style: TerminalStyle): string {
  const mark = result.status === "ok"
    ? style.green("ok  ")
    : result.status === "warn"
    ? style.yellow("warn")
    : style.red("FAIL");
  const fix = result.fix && result.status !== "ok"
    ? ` ${style.dim("\u2192")} ${style.bold("fix:")} ${result.fix}`
    : "";
  return `${mark}  ${result.name.padEnd(18)} ${result.message}${fix}`;
}

function timeoutFrom(options: OptionValues): number {
  const text = stringOption(options, "timeout");
  if (text === undefined) return 5000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) {
    throw new UsageError(`Invalid --timeout "${text}": give seconds from 0.1 to 120`);
  }
  return seconds * 1000;
}
