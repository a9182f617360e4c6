import { ActionIcon, Tooltip, type FloatingPosition } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface InfoTooltipProps {
  /** The explanation shown in the tooltip. */
  children: ReactNode;
  /** The icon button's accessible name, for example 'About reward types'. */
  label?: string;
  position?: FloatingPosition;
}

// Hover for pointers, focus for keyboards, touch for phones; Escape closes it.
const TOOLTIP_EVENTS = { hover: true, focus: true, touch: true };

/** An info icon button that explains something in a tooltip. */
export function InfoTooltip({ children, label = 'More information', position = 'top' }: InfoTooltipProps) {
  return (
    <Tooltip label={children} events={TOOLTIP_EVENTS} position={position} multiline maw={280} withArrow>
      <ActionIcon variant="subtle" color="gray" radius="xl" size="md" aria-label={label}>
        <IconInfoCircle size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
