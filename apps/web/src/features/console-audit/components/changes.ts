export type FieldChange = {
  field: string;
  /** The value before, as text; null when the field was not there (a record created, a field added). */
  before: string | null;
  /** The value after, as text; null when the field is gone (a record deleted, a field removed). */
  after: string | null;
};

type Fields = Record<string, unknown> | null;

/** Long values (a member list, say) are cut to this many characters in the table. */
export const CHANGE_TEXT_MAX = 80;

/** A field's value as the table shows it: text as it is, anything else as compact JSON, cut when long. */
export function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > CHANGE_TEXT_MAX ? `${text.slice(0, CHANGE_TEXT_MAX - 1)}…` : text;
}

/** The fields that differ between before and after, in the order they first appear. */
export function changedFields(before: Fields, after: Fields): FieldChange[] {
  const was = before ?? {};
  const is = after ?? {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]))
    .map((field) => ({
      field,
      before: field in was ? valueText(was[field]) : null,
      after: field in is ? valueText(is[field]) : null,
    }));
}
