import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ButtonLinkProps extends ButtonProps {
  to: string;
  children: ReactNode;
}

/** An in-app link that looks like a button, for the main way on from a page. */
export function ButtonLink({ to, children, ...props }: ButtonLinkProps) {
  return (
    <Button component={Link} to={to} fullWidth {...props}>
      {children}
    </Button>
  );
}
