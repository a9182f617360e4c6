import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface TextLinkProps extends AnchorProps {
  to: string;
  children: ReactNode;
}

/** An in-app link styled as text. */
export function TextLink({ to, children, ...props }: TextLinkProps) {
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}
