import {
  AUDIENCE_CLUSTER_UNKNOWN,
  CREATOR_MESSAGES,
  taxRegistrationTypeFor,
  type CreatorDetails,
  type FieldError,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { Actor, StaffCaller } from '../../../principal';
import type { CreatorDetailsColumns } from '../../creator/creator.service';
import { detailsColumns, invalidDetails } from '../creator-details';
import { deactivated, reachable, targetOf } from '../creator-views';
import type { CreatorsConsoleContext } from '../creators-console.context';
import {
  creatorsConsoleRepository as repository,
  type CreatorConsoleRow,
} from '../creators-console.repository';

/** What the shared rules cannot see: a new audience cluster must be live, a new country fit the tax declared. */
async function detailsProblems(
  { db, lookupsService }: CreatorsConsoleContext,
  found: CreatorConsoleRow,
  details: CreatorDetails,
): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const cluster = details.audienceClusterId;
  // A cluster the creator is in already stays, archived or not; a new one must be live.
  if (cluster && cluster !== found.audienceClusterId) {
    const live = await lookupsService.liveNames('audience-cluster', [cluster]);
    if (!live.has(cluster)) problems.push({ field: 'audienceClusterId', message: AUDIENCE_CLUSTER_UNKNOWN });
  }
  const tax = await repository.taxRegistrationOf(db, found.id);
  if (tax?.isRegistered) {
    const applies = taxRegistrationTypeFor(details.address.country);
    if (applies !== tax.type) {
      problems.push({
        field: 'address.country',
        message:
          applies === null ? CREATOR_MESSAGES.taxNotApplicable : CREATOR_MESSAGES.taxTypeForCountry(applies),
      });
    }
  }
  return problems;
}

/**
 * PATCH /server-api/marketing/creators/{id}: Support corrects a creator's details, name and date of
 * birth included (the creator cannot change those once their identity is checked, and is told to ask
 * Support). The shared rules have been applied; a new country must still fit the tax registration the
 * creator declared. Nothing is written unless all of it is.
 */
export async function editCreatorDetails(
  context: CreatorsConsoleContext,
  caller: StaffCaller & Pick<Actor, 'requestId'>,
  id: string,
  details: CreatorDetails,
): Promise<void> {
  const { db, clock, audit, creatorService } = context;
  const found = await reachable(context, db, caller, id);
  const problems = await detailsProblems(context, found, details);
  if (problems.length > 0) throw invalidDetails(problems);
  await db.transaction(async (tx) => {
    const row = await repository.lockCreator(tx, found.id);
    if (!row) throw errors.notFound();
    if (row.onboardingStatus === 'INACTIVE') throw deactivated();
    const columns = detailsColumns(
      details,
      details.audienceClusterId === undefined ? row.audienceClusterId : details.audienceClusterId,
      clock.now(),
    );
    const changed = (Object.keys(columns) as (keyof CreatorDetailsColumns)[]).filter(
      (key) => key !== 'updatedAt' && row[key] !== columns[key],
    );
    if (changed.length === 0) return;
    await creatorService.correctDetails(tx, row.accountId, columns);
    await audit.record(tx, {
      actor: caller,
      action: 'creator.edit',
      target: targetOf(found),
      before: Object.fromEntries(changed.map((key) => [key, row[key]])),
      after: Object.fromEntries(changed.map((key) => [key, columns[key]])),
    });
  });
}
