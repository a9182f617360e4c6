// The C0 and C1 control characters and DELETE, which no field of the platform has a use for. Tab, line feed
// and carriage return stay allowed: multi-line text needs them. PostgreSQL refuses U+0000 in text outright.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

// Half of a UTF-16 surrogate pair with no other half: forged JSON ("\ud800") or text cut in the middle of an
// emoji. It is no character at all, so nothing can keep it: PostgreSQL refuses it in jsonb (the audit log's
// before and after), and UTF-8 text would hold U+FFFD in its place. A whole pair, an emoji, is a character
// like any other.
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

export function hasUnpairedSurrogates(value: string): boolean {
  return UNPAIRED_SURROGATE.test(value);
}
