/** Unicode tag characters in a test fixture (round 43): a sanitiser's or renderer's test needs a sample holding the
 * invisible tag block (U+E0000-U+E007F), so a file written only under a test-data path (`tests/`, `__fixtures__/`,
 * `testdata/`, `fixtures/`) whose tags decode to a short marker ("hi", "test", "xyz") is the test's input, not tag
 * smuggling. Tags that spell an instruction (three words or more, an order or secret word, an address, a URL, a
 * shell character) still count, and so does any rules file, agent instructions, README or prompt, wherever it lies:
 * those are what tag smuggling targets.
 * Sources: Embrace The Red, ASCII Smuggler and Hidden Prompt Injections (Unicode tags); Pillar Security, Rules
 * File Backdoor (2025); Unicode Standard, Tags block. */

import { AGENT_INSTRUCTIONS } from "./path_classes.ts";
import { matchesOf } from "../match_all.ts";

/** Folders and names of test data. */
const TEST_DATA =
  /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|__fixtures__|testdata|test-data|test_data)\/|[._-](?:test|spec)\.[a-z0-9]+$|(?:^|\/)test_[^/]+$/i;
/** Files an agent reads as instructions or context, whatever folder holds them. */
const READ_AS_INSTRUCTIONS =
  /(?:^|\/)(?:readme|contributing|agents?|claude|gemini|conventions|instructions?)[^/]*$|prompt|rules|(?:^|\/)\.[^/]+rules$/i;
const TAGS = /[\u{E0000}-\u{E007F}]/gu;
/** What makes decoded tag text an instruction rather than a marker. */
const ORDER =
  /[:/@$|;`<>]|\b(?:ignore|disregard|forget|run|exec\w*|send|e-?mail|mail|curl|wget|fetch|post|upload|delete|remove|print|reveal|add|insert|include|write|install|always|never|must|should|instructions?|system|password|key|token|secret|env|ssh|tool|call)\b/i;

/** The text the tag characters spell. */
export function decodedTags(text: string): string {
  let out = "";
  for (const match of matchesOf(TAGS, text)) {
    // The tag block mirrors ASCII; its controls (language tag, cancel tag) read as spaces.
    const code = match[0].codePointAt(0)! - 0xe0000;
    out += code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : " ";
  }
  return out;
}

/** How written `contents` at `paths` read: "marker" when every path is a test fixture's and the tags spell no
 * instruction, "order" when the paths are a fixture's but the tags spell one, undefined when a path is no fixture's
 * (judged as any other document). */
export function tagFixture(
  paths: readonly string[],
  contents: readonly string[],
): "marker" | "order" | undefined {
  if (paths.length === 0 || contents.length === 0) return undefined;
  const fixtures = paths.every((path) =>
    TEST_DATA.test(path) && !AGENT_INSTRUCTIONS.test(path) && !READ_AS_INSTRUCTIONS.test(path)
  );
  if (!fixtures) return undefined;
  const markers = contents.every((text) => {
    if (text.length > 256 * 1024) return false;
    const spelt = decodedTags(text).trim();
    return spelt.split(/\s+/).filter(Boolean).length < 3 && !ORDER.test(spelt);
  });
  return markers ? "marker" : "order";
}
