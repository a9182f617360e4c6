import {
  checkPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_UNIQUE_CHARACTERS,
  type PasswordRuleChecks,
} from '@platform/shared';
import { useState } from 'react';
import classes from './NewPasswordField.module.css';
import { PasswordField, type PasswordFieldProps } from './PasswordField';
import { passwordStrength, type PasswordStrength } from './password-strength';

// The parts of the rule in the words of its message (SPEC §5), shown before anything is typed.
const RULES: readonly (readonly [keyof PasswordRuleChecks, string])[] = [
  ['length', `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`],
  ['uniqueCharacters', `At least ${PASSWORD_MIN_UNIQUE_CHARACTERS} unique characters`],
  ['upperCase', '1 upper case letter'],
  ['lowerCase', '1 lower case letter'],
  ['number', '1 number'],
  ['specialCharacter', '1 special character'],
];

const STRENGTH_LABELS: Record<PasswordStrength, string> = { weak: 'Weak', fair: 'Fair', strong: 'Strong' };

function PasswordRules({ password }: { password: string }) {
  const checks = checkPasswordRules(password);
  const strength = passwordStrength(password);
  return (
    <>
      Your password needs:
      <ul className={classes.rules}>
        {RULES.map(([rule, label]) => (
          <li key={rule} className={classes.rule} data-met={checks[rule] || undefined}>
            <span className={classes.mark} />
            <span>
              {label}
              <span className={classes.spoken}>{checks[rule] ? ': met' : ': not met yet'}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className={classes.strength} aria-live="polite">
        {password !== '' && (
          <>
            <span>
              Strength: <strong>{STRENGTH_LABELS[strength]}</strong>
            </span>
            <span className={classes.meter} data-strength={strength} aria-hidden="true" />
          </>
        )}
      </p>
    </>
  );
}

export type NewPasswordFieldProps = Omit<
  PasswordFieldProps,
  'description' | 'descriptionProps' | 'inputWrapperOrder'
>;

/**
 * The field where a person chooses a password: the rules are listed under it from the start and ticked
 * off as they are met, with a strength hint. The list is the field's description, so assistive technology
 * reads it with the field (aria-describedby); an error, when there is one, stays right under the input.
 */
export function NewPasswordField({ onChange, ...props }: NewPasswordFieldProps) {
  const [password, setPassword] = useState('');
  return (
    <PasswordField
      autoComplete="new-password"
      {...props}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
      descriptionProps={{ component: 'div', className: classes.description }}
      description={<PasswordRules password={password} />}
      onChange={(event) => {
        setPassword(event.currentTarget.value);
        onChange?.(event);
      }}
    />
  );
}
