// The C0 and C1 control characters and DELETE, which no field of the platform has a use for. Tab, line feed
// and carriage return stay allowed: multi-line text needs them. PostgreSQL refuses U+0000 in text outright.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}
