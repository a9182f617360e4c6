import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each(['', 'short', 'alllowercase1!', 'ALLUPPER1!', 'NoDigits!here', 'NoSpecial1here', 'Aa1!Aa1!Aa1!'])(
    'calls %j weak: it misses a rule',
    (password) => expect(passwordStrength(password)).toBe('weak'),
  );

  it.each(['Abcd1!!!', 'Abcdefg1!'])(
    'calls %j weak: it meets the rules only through runs and repeats',
    (password) => expect(passwordStrength(password)).toBe('weak'),
  );

  it.each(['Str0ng!Pass', 'N3w!Password', 'Password123!'])('calls %j fair', (password) =>
    expect(passwordStrength(password)).toBe('fair'),
  );

  it.each(['Tr4vel-Nimbus-82!', 'Quartz#Lantern-519', 'Harbour-Lights-73!'])('calls %j strong', (password) =>
    expect(passwordStrength(password)).toBe('strong'),
  );
});
