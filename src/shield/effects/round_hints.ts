/** The round files' text checks that start each text with a keyword test (rounds 48, 55, 61, 62, 65, 69, 72, 74,
 * called from `roundNN.ts`): one bit per keyword family, answered for each text once per evaluation from the scan
 * the rules already make of it (`literal_index.ts`: a family's bit is clear when no alternative of its test can find
 * the literals it needs, as `gate.ts` gates patterns), so a command none of whose texts can pass a check's first test
 * does not enter the check (speed round 33: a median command entered all of them, each a regex or two over the
 * whole line). The tests are the checks' own, exported beside them, so a check that widens its test widens its bit.
 * A clear bit proves the test false on every text asked about; a set bit proves nothing (the check runs as before).
 * A new round check of this kind joins this table the same way; `tests/shield/effects/round_hints_test.ts` proves
 * each bit (over every case text, a clear bit's test is false, and each check called ungated finds the same). */

import { gated, type GatedPattern } from "./gate.ts";
import { LITERALS } from "../literal_index.ts";
import { HINT as HIDDEN_SHELL_HINT } from "./hidden_shells.ts";
import { HINT as LISTED_DELETION_HINT } from "./listed_deletions.ts";
import { AUTOMATION } from "./gui_automation.ts";
import { LOAD_SIGN } from "./fetched_native_loads.ts";
import { SENDS_BODY } from "./code_uploads.ts";
import { DELETE_CALL } from "./code_tree_deletes.ts";
import { GATE as SCRIPTED_DELETE_GATE } from "./scripted_bulk_deletes.ts";
import { HOOK_WORD } from "./fetching_install_hooks.ts";
import { EITHER_HINT } from "./windows_elevation.ts";
import { HINT as ASSEMBLY_HINT } from "../powershell_assembly.ts";
import { EXPOSURE_TEXT_GATE } from "./public_exposure.ts";
import { AUTORUN_GATE } from "./editor_autorun.ts";

/** One family: its tests as gated patterns (only their gates are asked), and parts whose presence also sets it (a
 * check whose first test is "the pattern, or this character"). */
interface Family {
  gates: readonly GatedPattern[];
  orIncludes: readonly string[];
}

/** Texts longer than this are asked about only when this evaluation has scanned them already. */
const MAX_UNSCANNED = 64 * 1024;
/** Texts whose bits are kept per evaluation (the shell line, its code and content are asked by several rounds). */
const KEPT = 8;

export class HintFamilies {
  private readonly families: Family[] = [];
  private readonly texts: Array<string | undefined> = new Array(KEPT).fill(undefined);
  private readonly bits = new Int32Array(KEPT);
  private next = 0;

  /** A family's bit, for a test whose every match the pattern must find (a global or sticky pattern is copied
   * without its flag: only its gate is asked). */
  family(pattern: RegExp | GatedPattern, orIncludes?: string): number {
    return this.anyOf([pattern], orIncludes === undefined ? [] : [orIncludes]);
  }

  /** One bit for several tests (speed round 37: a round file's every first test of a text): set when one of the
   * patterns' gates opens, or the text holds one of `orIncludes`. */
  anyOf(patterns: ReadonlyArray<RegExp | GatedPattern>, orIncludes: readonly string[] = []): number {
    if (this.families.length >= 31) throw new Error("round_hints: at most 31 families");
    const gates = patterns.map((pattern) =>
      pattern instanceof RegExp
        ? gated(new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, "")))
        : pattern
    );
    this.families.push({ gates, orIncludes });
    this.forget();
    return 1 << (this.families.length - 1);
  }

  /** The bits of the families some text of the lists may pass (a clear bit: no text passes that test). */
  reached(...lists: ReadonlyArray<readonly string[]>): number {
    let bits = 0;
    for (const list of lists) {
      for (let k = 0; k < list.length; k++) bits |= this.textBits(list[k]);
    }
    return bits;
  }

  /** Forgets the kept texts' bits (a new family; tests). */
  forget(): void {
    this.texts.fill(undefined);
  }

  private textBits(text: string): number {
    for (let k = 0; k < KEPT; k++) if (this.texts[k] === text) return this.bits[k];
    const families = this.families;
    // A huge text no one has scanned is not scanned for this: every bit set (its checks run as before).
    if (text.length > MAX_UNSCANNED && LITERALS.peek(text) === undefined) return (1 << families.length) - 1;
    let bits = 0;
    for (let k = 0; k < families.length; k++) {
      const { gates, orIncludes } = families[k];
      let set = false;
      for (let i = 0; i < orIncludes.length && !set; i++) set = text.includes(orIncludes[i]);
      for (let g = 0; g < gates.length && !set; g++) set = gates[g].opens(text);
      if (set) bits |= 1 << k;
    }
    const slot = this.next;
    this.next = (slot + 1) % KEPT;
    this.texts[slot] = text;
    this.bits[slot] = bits;
    return bits;
  }
}

export const HINTS = new HintFamilies();

/** Round 61: hidden or encoded shells through a launcher (`hidden_shells.ts`). */
export const HIDDEN_SHELLS = HINTS.family(HIDDEN_SHELL_HINT);
/** Round 61: deletions fed by a listing (`listed_deletions.ts`). */
export const LISTED_DELETIONS = HINTS.family(LISTED_DELETION_HINT);
/** Round 61: keystroke automation (`gui_automation.ts`). */
export const GUI_AUTOMATION = HINTS.family(AUTOMATION);
/** Round 61: PowerShell run from an assembled string (`powershell_assembly.ts`: its hint, or a `+`). */
export const ASSEMBLED_POWERSHELL = HINTS.family(ASSEMBLY_HINT, "+");
/** Round 48: native code fetched and loaded (`fetched_native_loads.ts`). */
export const NATIVE_LOADS = HINTS.family(LOAD_SIGN);
/** Round 69: code that uploads files (`code_uploads.ts`). */
export const CODE_UPLOADS = HINTS.family(SENDS_BODY);
/** Round 72: interpreter code emptying a folder (`code_tree_deletes.ts`). */
export const CODE_TREE_DELETES = HINTS.family(DELETE_CALL);
/** Round 74: scripts deleting every item of an application (`scripted_bulk_deletes.ts`). */
export const SCRIPTED_DELETES = HINTS.family(SCRIPTED_DELETE_GATE);
/** Round 65: install hooks that fetch and run code (`fetching_install_hooks.ts`). */
export const INSTALL_HOOKS = HINTS.family(HOOK_WORD);
/** Round 55: WMI subscriptions and UAC bypasses (`windows_elevation.ts`). */
export const ELEVATION = HINTS.family(EITHER_HINT);
/** Round 68: private things opened to anyone by a command or a written configuration (`public_exposure.ts`). */
export const PUBLIC_EXPOSURE = HINTS.family(EXPOSURE_TEXT_GATE);
/** Round 68: code set to run when a folder is opened in an editor, read in texts (`editor_autorun.ts`; its written
 * editor files are read by their paths). */
export const EDITOR_AUTORUN = HINTS.family(AUTORUN_GATE);
/** Round 62's first test of a command line, for reviews posted from many identities (`review_farms.ts`). */
export const REVIEW_HINT = /review|rating|vote|testimonial/i;
export const REVIEWS = HINTS.family(REVIEW_HINT);
