/** Client of the optional ML classifier sidecar (part of Tier 1): POST http://addr/classify with
 * {type, payload, text} -> {label, score}. A malicious score at or above the threshold blocks; one within
 * the grey band just below it escalates. An unreachable sidecar throws (the pipeline fails closed). */

import type { Action } from "./types.ts";
import type { ActionView } from "./action_view.ts";
import type { TierOutcome } from "./evaluator.ts";

export interface ClassifierOptions {
  enabled: boolean;
  /** "host:port" */
  addr: string;
  threshold: number;
  skipTypes: string[];
  fetch: typeof fetch;
  timeoutMs: number;
}

/** Width of the grey band under the threshold that escalates instead of allowing. */
const GREY_BAND = 0.15;
const MAX_TEXT_CHARS = 64 * 1024;

interface ClassifierAnswer {
  label: "malicious" | "benign";
  score: number;
}

function parseAnswer(body: unknown): ClassifierAnswer {
  const answer = body as Partial<ClassifierAnswer> | null;
  if (
    !answer || (answer.label !== "malicious" && answer.label !== "benign") ||
    typeof answer.score !== "number" ||
    !Number.isFinite(answer.score)
  ) {
    throw new Error(`Classifier answer is invalid: ${JSON.stringify(body)?.slice(0, 200)}`);
  }
  return { label: answer.label, score: answer.score };
}

/** The text the classifier sees: every judged text of the action, joined and bounded. */
export function classifierText(view: ActionView): string {
  const parts: string[] = [];
  for (const kind of ["shell", "task", "code", "outbound", "content", "query"] as const) {
    const first = view.texts.get(kind);
    if (first) parts.push(...first);
  }
  parts.push(...view.urls, ...view.paths.map((path) => path.absolute));
  return parts.join("\n").slice(0, MAX_TEXT_CHARS);
}

export class ClassifierSidecar {
  readonly timeoutMs: number;

  constructor(private readonly options: ClassifierOptions) {
    this.timeoutMs = options.timeoutMs;
  }

  appliesTo(type: string): boolean {
    return this.options.enabled && !this.options.skipTypes.includes(type);
  }

  async classify(action: Action, view: ActionView, signal: AbortSignal): Promise<TierOutcome | undefined> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const response = await this.options.fetch(`http://${this.options.addr}/classify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: action.type, payload: action.payload, text: classifierText(view) }),
      signal: AbortSignal.any([signal, timeout]),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`Classifier sidecar answered HTTP ${response.status}`);
    }
    const answer = parseAnswer(await response.json());
    if (answer.label !== "malicious") return undefined;
    const { threshold } = this.options;
    if (answer.score >= threshold) {
      return {
        decision: "BLOCK",
        reason: `Classifier: malicious (score ${answer.score.toFixed(2)})`,
        confidence: answer.score,
        severe: true,
      };
    }
    if (answer.score >= threshold - GREY_BAND) {
      return {
        decision: "ESCALATE",
        reason: `Classifier: possibly malicious (score ${answer.score.toFixed(2)})`,
        confidence: answer.score,
      };
    }
    return undefined;
  }
}
