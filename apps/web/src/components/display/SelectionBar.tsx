import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useRef, type Ref } from 'react';

/** A move the selection can make, as its button says it. */
export interface SelectionMove<Move extends string> {
  move: Move;
  /** The button's words: 'Approve', 'Reject 2…', 'Approve 3 payments'. */
  label: string;
  color: string;
}

export interface SelectionBarProps<Move extends string> {
  /** Receives focus after a move, when the buttons the person pressed are gone. */
  ref: Ref<HTMLDivElement>;
  /** Names the bar for assistive technology: 'Review several entries'. */
  label: string;
  /** Rows on this page that can be selected; none hides the select-all box. */
  selectableCount: number;
  selectedCount: number;
  moves: readonly SelectionMove<Move>[];
  /** A move is being sent: the moves and the selection wait. */
  pending: Move | null;
  onSelectPage: (selected: boolean) => void;
  onMove: (move: Move) => void;
  onClear: () => void;
}

/**
 * Above a queue: select every row of the page and, once some are selected, how many and the moves they
 * can make together.
 */
export function SelectionBar<Move extends string>({
  ref,
  label,
  selectableCount,
  selectedCount,
  moves,
  pending,
  onSelectPage,
  onMove,
  onClear,
}: SelectionBarProps<Move>) {
  const selectAll = useRef<HTMLInputElement>(null);
  const allSelected = selectableCount > 0 && selectedCount === selectableCount;
  return (
    <Group ref={ref} role="group" aria-label={label} tabIndex={-1} gap="sm" mih={36}>
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
          {moves.map((candidate) => (
            <Button
              key={candidate.move}
              size="compact-sm"
              variant="light"
              color={candidate.color}
              disabled={pending !== null}
              loading={pending === candidate.move}
              onClick={() => onMove(candidate.move)}
            >
              {candidate.label}
            </Button>
          ))}
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
