import { VALIDATION_AFTER_END_HOURS } from '@platform/shared';
import type { MetricsContext } from '../metrics.context';
import { validationRepository as repository } from '../validation.repository';
import { entryFigures } from './entry-figures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An approved entry's validated figure, as pay per view pays it. */
export type ValidatedFigure = {
  entryId: string;
  creatorId: string;
  submittedAt: Date;
  /** Views of its figure less those excluded (0 when no reading gave views). */
  views: number;
  validatedAt: Date;
};

/**
 * A campaign's approved entries whose figure is validated now (ADR 037), but for those in `except`, in the
 * order they were validated, then submitted, then by id: the order a pay-per-view budget pays in (ADR 038).
 * Only entries whose lock may have passed are read: an entry is validated `lockDays` after its submission,
 * or 72 hours after the campaign's end, whichever is first.
 */
export async function validatedFiguresOf(
  context: MetricsContext,
  campaignId: string,
  except: ReadonlySet<string> = new Set(),
): Promise<ValidatedFigure[]> {
  const campaign = await context.campaignsService.campaignFactsById(campaignId);
  if (!campaign) return [];
  const now = context.clock.now().getTime();
  const allValidated = now >= campaign.endsAt.getTime() + VALIDATION_AFTER_END_HOURS * HOUR_MS;
  const submittedBy = allValidated ? null : new Date(now - campaign.validation.lockDays * DAY_MS);
  const subjects = (await repository.approvedOf(context.db, campaignId, submittedBy)).filter(
    (subject) => !except.has(subject.entryId),
  );
  const figures = await entryFigures(
    context,
    subjects.map((subject) => subject.entryId),
  );
  return subjects
    .flatMap((subject) => {
      const figure = figures.get(subject.entryId);
      return figure?.state === 'VALIDATED'
        ? [{ ...subject, views: figure.views ?? 0, validatedAt: figure.validatedAt }]
        : [];
    })
    .sort(
      (a, b) =>
        a.validatedAt.getTime() - b.validatedAt.getTime() ||
        a.submittedAt.getTime() - b.submittedAt.getTime() ||
        (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0),
    );
}
