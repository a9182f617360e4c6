import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';

// React Router gives the first page of a visit this key: there is no earlier page of the app to go back to.
const FIRST_ENTRY_KEY = 'default';

export interface BackButtonProps extends Omit<ActionIconProps, 'children'> {
  /** Replaces going back, for screens that step back inside themselves (a multi-step form). */
  onBack?: () => void;
  /** Where to go when the app was opened on this page, so 'back' would leave the app. */
  fallbackPath?: string;
  /** The button's accessible name. */
  label?: string;
}

/** Goes back: through the custom handler if there is one, otherwise to the previous page in the browser. */
export function BackButton({ onBack, fallbackPath = paths.home, label = 'Back', ...props }: BackButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    if (onBack) onBack();
    else if (location.key === FIRST_ENTRY_KEY) void navigate(fallbackPath, { replace: true });
    else void navigate(-1);
  };

  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="xl"
      radius="xl"
      aria-label={label}
      title={label}
      onClick={goBack}
      {...props}
    >
      <IconArrowLeft size={24} aria-hidden="true" />
    </ActionIcon>
  );
}
