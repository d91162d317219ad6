/** What Shield's long-text readers read over the real-work set (`deno run -A bench/shield_rescans.ts`): the
 * characters the literal automaton scans in texts of 256 characters or more, by caller and by whether the text is
 * new in its evaluation or holds (or is held in) a text scanned before it — a text made of scanned ones, read
 * again; and the time of the gated and rule regexes that ran plainly (not around anchors) over texts of 512 or more,
 * by pattern. Round 18's census; run by hand. */

import { timeStages } from "./shield_stage_timer.ts";
import { loadRealWork } from "./shield_actions.ts";
import { LITERALS, type TextScan } from "../src/shield/literal_index.ts";
import { AnchoredRegex } from "../src/shield/anchored_regex.ts";

const LONG = 256;
const index = LITERALS as unknown as { scanNow(text: string): TextScan; forget(): void };
const scanNow = index.scanNow.bind(index);
const forget = index.forget.bind(index);
let earlier: string[] = [];
const scanned = new Map<string, number>();
index.forget = () => {
  earlier = [];
  forget();
};
index.scanNow = (text: string) => {
  if (text.length >= LONG) {
    let relation = "new";
    for (const other of earlier) {
      if (other.length > text.length && other.includes(text)) relation = "held in an earlier text";
      else if (other.length >= 64 && other.length < text.length && text.includes(other)) {
        relation = "holds an earlier text";
      }
    }
    const caller = (new Error().stack ?? "").split("\n").slice(2)
      .map((line) => line.trim().replace(/^at /, "").replace(/ \(.*\/([\w.]+\.ts):\d+:\d+\)$/, " ($1)"))
      .filter((line) => !/^(?:LiteralIndex|GatedPattern|FieldTexts)\./.test(line))[0] ?? "?";
    const key = `${relation.padEnd(24)} ${caller}`;
    scanned.set(key, (scanned.get(key) ?? 0) + text.length);
  }
  earlier.push(text);
  return scanNow(text);
};

const plain = new Map<string, { runs: number; ms: number; chars: number }>();
const execPlain = AnchoredRegex.prototype.execPlain;
AnchoredRegex.prototype.execPlain = function (this: AnchoredRegex, text: string) {
  const start = performance.now();
  const found = execPlain.call(this, text);
  if (text.length >= 512) {
    const key = this.pattern.source.slice(0, 90);
    const entry = plain.get(key) ?? { runs: 0, ms: 0, chars: 0 };
    entry.runs++;
    entry.ms += performance.now() - start;
    entry.chars += text.length;
    plain.set(key, entry);
  }
  return found;
};

const actions = await loadRealWork();
// Two rounds to warm up, the census on the third.
for (let round = 0; round < 3; round++) {
  scanned.clear();
  plain.clear();
  for (const action of actions) timeStages(action);
}
const total = [...scanned.values()].reduce((sum, chars) => sum + chars, 0);
console.log(`${actions.length} real-work actions: ${total} characters scanned in texts of ${LONG} or more`);
for (const [key, chars] of [...scanned].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${String(chars).padStart(8)}  ${key}`);
}
const plainMs = [...plain.values()].reduce((sum, entry) => sum + entry.ms, 0);
console.log(`regexes run plainly over texts of 512 or more: ${plainMs.toFixed(2)} ms in all`);
for (const [key, { runs, ms, chars }] of [...plain].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
  console.log(
    `  ${ms.toFixed(2).padStart(6)} ms ${String(runs).padStart(4)} runs ${
      (ms * 1e6 / chars).toFixed(1)
    } ns/char  ${key}`,
  );
}
