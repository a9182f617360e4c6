import { Badge, Indicator, VisuallyHidden, type MantineColor } from '@mantine/core';
import { formatBadgeCount } from '@platform/shared';
import type { ReactNode } from 'react';

export interface BadgeCounterProps {
  count: number;
  /** What is counted, as read out: gets the shown count ('99+') and returns the text. */
  label?: (shownCount: string) => string;
  /** The element the count sits on (an icon, an avatar); without it the count is a badge of its own. */
  children?: ReactNode;
  color?: MantineColor;
}

const unread = (shownCount: string) => `${shownCount} unread`;

/** A count capped at '99+' (SPEC §9) and hidden at zero. */
export function BadgeCounter({ count, label = unread, children, color = 'red' }: BadgeCounterProps) {
  const shownCount = formatBadgeCount(count);
  const visible = shownCount !== formatBadgeCount(0);
  const spokenLabel = label(shownCount);
  // The label names the count for queries and announces changes; the digits alone are only for the eye.
  const content = visible && (
    <span role="status" aria-label={spokenLabel}>
      <span aria-hidden="true">{shownCount}</span>
      <VisuallyHidden>{spokenLabel}</VisuallyHidden>
    </span>
  );

  if (children === undefined) {
    return visible ? (
      <Badge color={color} variant="filled" radius="xl" size="md">
        {content}
      </Badge>
    ) : null;
  }
  return (
    <Indicator inline label={content} disabled={!visible} color={color} size={20} offset={4}>
      {children}
    </Indicator>
  );
}
