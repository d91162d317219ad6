/** Labels written as field names (`passport_number: ...`, `bank_account_number=...`, `ssnLast4:`), spelled as words so
 * the label patterns of the sensitive-data checks see them (round 15): an agent exporting a user's records writes
 * them the way its data source names them, and `\b` never falls inside `bank_account`. Only a label directly
 * followed by `:` or `=` is respelled; other identifiers stay as they are. */

const FIELD_LABEL =
  /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?=\s*[:=])|\b[a-z]+(?:[A-Z][a-z0-9]+)+(?=\s*[:=])/g;

/** The text with field-name labels spelled as words; the same string when it holds none. */
export function spellFieldLabels(text: string): string {
  if (text.length > 256 * 1024 || !/[A-Za-z][_A-Z]/.test(text)) return text;
  let changed = false;
  const spelled = text.replace(FIELD_LABEL, (label) => {
    changed = true;
    return label.replace(/_/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  });
  return changed ? spelled : text;
}
