import type { Clock } from '../clock';
import type { EntriesService } from '../modules/entries/entries.service';
import type { ViewValidationService } from '../modules/view-validation/view-validation.service';

/**
 * One run of the review deadline (ADR 037): every entry waiting past it is approved by the platform,
 * except those whose earnings are held for a check of their views, which wait for staff's decision.
 * Answers how many were approved and how many left for a reviewer.
 */
export function approveOverdueEntries(services: {
  entriesService: Pick<EntriesService, 'approveOverdue'>;
  viewValidationService: Pick<ViewValidationService, 'heldAmong'>;
  clock: Clock;
}): Promise<{ approved: number; skipped: number }> {
  const { entriesService, viewValidationService, clock } = services;
  return entriesService.approveOverdue(clock.now(), {
    isHeld: (entryIds) => viewValidationService.heldAmong(entryIds),
  });
}
