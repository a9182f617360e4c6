import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { MARKETING_ROLES, STAFF_ROLE_LABELS } from '@platform/shared';
import { renderFieldError } from '../../../components/form/FieldError';

export interface RoleFieldProps extends Omit<NativeSelectProps, 'data' | 'error' | 'label'> {
  error?: string;
}

const OPTIONS = [
  { value: '', label: 'Choose a role' },
  ...MARKETING_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] })),
];

/** The seven marketing roles (SPEC §6) in a native select: keyboard and screen-reader friendly as it is. */
export function RoleField({ error, ...props }: RoleFieldProps) {
  return (
    <NativeSelect
      label="Role"
      required
      data={OPTIONS}
      aria-invalid={error ? true : undefined}
      {...props}
      error={renderFieldError(error)}
    />
  );
}
