import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useRef, type Ref } from 'react';
import type { EntryBulkMove } from '../api/campaign-entries';

/** A move the selection can make: how many of the selected entries it applies to. */
export interface SelectionMove {
  move: EntryBulkMove;
  label: string;
  /** The selected entries the move applies to; the others are left as they are. */
  count: number;
  /** Opens a dialog first, so its label ends with an ellipsis. */
  asks: boolean;
  color: string;
}

export interface EntrySelectionBarProps {
  /** Receives focus after a move, when the buttons the person pressed are gone. */
  ref: Ref<HTMLDivElement>;
  /** Entries on this page that can be selected; none hides the select-all box. */
  selectableCount: number;
  selectedCount: number;
  moves: readonly SelectionMove[];
  /** A move is being sent: the moves and the selection wait. */
  pending: EntryBulkMove | null;
  onSelectPage: (selected: boolean) => void;
  onMove: (move: EntryBulkMove) => void;
  onClear: () => void;
}

/**
 * Above the queue: select every entry of the page and, once some are selected, how many and the moves
 * they can make together. A move that suits only part of the selection says how many it moves.
 */
export function EntrySelectionBar({
  ref,
  selectableCount,
  selectedCount,
  moves,
  pending,
  onSelectPage,
  onMove,
  onClear,
}: EntrySelectionBarProps) {
  const selectAll = useRef<HTMLInputElement>(null);
  const allSelected = selectableCount > 0 && selectedCount === selectableCount;
  return (
    <Group ref={ref} role="group" aria-label="Review several entries" tabIndex={-1} gap="sm" mih={36}>
      {selectableCount > 0 && (
        <Checkbox
          ref={selectAll}
          label="Select all on this page"
          checked={allSelected}
          indeterminate={selectedCount > 0 && !allSelected}
          disabled={pending !== null}
          onChange={(event) => onSelectPage(event.currentTarget.checked)}
        />
      )}
      <Text size="sm" fw={500} role="status">
        {selectedCount > 0 ? `${selectedCount} selected` : ''}
      </Text>
      {selectedCount > 0 && (
        <>
          {moves.map((candidate) => {
            const label =
              candidate.count === selectedCount ? candidate.label : `${candidate.label} ${candidate.count}`;
            return (
              <Button
                key={candidate.move}
                size="compact-sm"
                variant="light"
                color={candidate.color}
                disabled={pending !== null}
                loading={pending === candidate.move}
                onClick={() => onMove(candidate.move)}
              >
                {candidate.asks ? `${label}…` : label}
              </Button>
            );
          })}
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            disabled={pending !== null}
            onClick={() => {
              onClear();
              // The buttons leave with the selection; the next selection starts here.
              selectAll.current?.focus();
            }}
          >
            Clear
          </Button>
        </>
      )}
    </Group>
  );
}
