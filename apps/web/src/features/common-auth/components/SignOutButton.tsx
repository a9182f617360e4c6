import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSignOut } from '../api/sign-out';

export interface SignOutButtonProps extends ButtonProps {
  onSignedOut: () => void;
}

export function SignOutButton({ onSignedOut, ...props }: SignOutButtonProps) {
  const signOut = useSignOut();
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={18} aria-hidden="true" />}
      loading={signOut.isPending}
      onClick={() => signOut.mutate(undefined, { onSettled: onSignedOut })}
      {...props}
    >
      Sign out
    </Button>
  );
}
