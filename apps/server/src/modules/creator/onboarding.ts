import {
  CREATOR_FIELD_LABELS,
  CREATOR_MESSAGES,
  creatorFieldLabel,
  ERROR_CODES,
  invalidFieldsMessage,
  nextOnboardingStatus,
  type FieldError,
  type OnboardingEvent,
  type OnboardingStatus,
} from '@platform/shared';
import { AppError, errors } from '../../errors';
import type { RequestUser } from '../../principal';
import type { CreatorContext } from './creator.context';
import { creatorRepository as repository, type CreatorRow } from './creator.repository';

/** The creator's row; a creator route never acts on anyone else (DESIGN §6), and an unknown one is 404. */
export async function own({ db }: CreatorContext, user: RequestUser, id?: string): Promise<CreatorRow> {
  if (id !== undefined && id !== user.accountId) throw errors.notFound();
  const row = await repository.find(db, user.accountId);
  if (!row || row.onboardingStatus === 'INACTIVE') throw errors.notFound();
  return row;
}

/**
 * Onboarding starts once the creator has proven their email address: until then nothing they claim
 * (a handle, a tax number, a wallet) can hold another person's place.
 */
export function assertEmailVerified(user: RequestUser): void {
  if (!user.emailVerified) throw errors.conflict(CREATOR_MESSAGES.emailNotVerified);
}

/** Where `event` takes the creator, or a 409 when the onboarding state machine does not allow it. */
export function advance(status: OnboardingStatus, event: OnboardingEvent): OnboardingStatus {
  const next = nextOnboardingStatus(status, event);
  if (!next) throw errors.conflict(CREATOR_MESSAGES.stepDone);
  return next;
}

const FORM_ORDER = Object.values(CREATOR_FIELD_LABELS);
const formPosition = (label: string) => {
  const position = FORM_ORDER.indexOf(label);
  return position === -1 ? FORM_ORDER.length : position;
};

/**
 * A 422 listing the fields the server refused (SPEC §5), each with its message in `details`; the fields
 * are named in the order the form shows them, whichever rule found them first.
 */
export function invalidFields(details: FieldError[]): AppError {
  const labels = [...new Set(details.map((detail) => creatorFieldLabel(detail.field)))].sort(
    (first, second) => formPosition(first) - formPosition(second),
  );
  return new AppError(422, ERROR_CODES.invalidFields, invalidFieldsMessage(labels), details);
}

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
