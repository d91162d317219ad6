/** How the terminal chat shows each engine event: streamed text as it comes, a tool card per call (what it
 * wants to do, Shield's verdict, the outcome), approval prompts, errors and slash command answers. */
import type { TerminalStyle } from "../../lib/terminal_style.ts";

type Data = Record<string, unknown>;

const RESULT_PREVIEW = 100;

export function toolCardStart(data: Data, style: TerminalStyle): string {
  return `${style.dim("\u250C")} ${style.bold(String(data.tool_name ?? "tool"))} ${
    argumentSummary(data.arguments)
  }`;
}

export function verdictLine(data: Data, style: TerminalStyle): string {
  const decision = String(data.decision ?? "?");
  const colour = decision === "ALLOW" ? style.green : decision === "BLOCK" ? style.red : style.yellow;
  const mark = decision === "ALLOW" ? "\u2713" : decision === "BLOCK" ? "\u2717" : "?";
  return `${style.dim("\u2502")} ${colour(`${mark} Shield ${decision}`)} ${
    style.dim(`tier ${data.tier}: ${data.reason ?? ""}`)
  }`;
}

/** The approval card; Shield's reasoning is wrapped, not cut: it is what the decision rests on. */
export function approvalLines(data: Data, style: TerminalStyle, columns = 100): string[] {
  const reasoning = wrap(oneLine(String(data.reasoning ?? ""), 600), Math.max(20, columns - 6));
  const target = data.target || "(no target)";
  const timeout = style.dim(`(denied in ${data.timeout_secs} s without an answer)`);
  return [
    `${style.dim("\u2502")} ${style.yellow(style.bold("Approval needed:"))} ${data.tool_name} on ${target}`,
    ...reasoning.map((line) => `${style.dim("\u2502")}   ${style.dim(line)}`),
    `${style.dim("\u2502")}   ${style.bold("Allow it? [y/n]")} ${timeout}`,
  ];
}

export function completedLine(data: Data, style: TerminalStyle): string {
  const result = oneLine(String(data.result ?? ""), RESULT_PREVIEW);
  const took = `${data.duration_ms ?? 0} ms`;
  return data.is_error
    ? `${style.dim("\u2514")} ${style.red(`failed after ${took}:`)} ${result}`
    : `${style.dim("\u2514")} ${style.green(`done in ${took}`)}${result ? `: ${style.dim(result)}` : ""}`;
}

export function otrBlockedLine(data: Data, style: TerminalStyle): string {
  return `${style.red("\u2717 off the record:")} ${data.tool_name} was refused (${
    data.reason ?? "writes are off"
  })`;
}

export function errorLine(data: Data, style: TerminalStyle): string {
  return style.red(`Error ${data.code ?? ""}: ${data.message ?? "unknown"}`) +
    (data.recoverable ? style.dim(" (you can send the message again)") : "");
}

export function usageLine(data: Data, style: TerminalStyle): string | undefined {
  const usage = data.token_usage as { input_tokens?: number; output_tokens?: number } | undefined;
  if (!usage || (!usage.input_tokens && !usage.output_tokens)) return undefined;
  return style.dim(`  · ${usage.input_tokens ?? 0} tokens in, ${usage.output_tokens ?? 0} out`);
}

export function commandResultLines(data: Data, style: TerminalStyle): string[] {
  const text = String(data.text ?? "");
  const colour = data.ok === false ? style.red : (line: string) => line;
  return text.split("\n").map((line) => `  ${colour(line)}`);
}

/** The one detail a person needs to judge a call: its path, command or URL; otherwise compact JSON. */
function argumentSummary(value: unknown): string {
  const args = (typeof value === "object" && value !== null ? value : {}) as Data;
  for (const key of ["command", "path", "url", "source", "to", "query", "pattern"]) {
    if (typeof args[key] === "string") {
      const extra = key === "source" && typeof args.destination === "string"
        ? ` \u2192 ${args.destination}`
        : "";
      return oneLine(`${args[key]}${extra}`, 100);
    }
  }
  return oneLine(JSON.stringify(args), 100);
}

function oneLine(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}\u2026` : flat;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ").filter(Boolean)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return current ? [...lines, current] : lines;
}
