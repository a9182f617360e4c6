import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creators, creatorTaxRegistrations } from '../../db/schema/index';
import type { CreatorRow, TaxRegistrationRow } from './creator.repository';

/** The columns of a creator's details that staff may correct. */
export type CreatorDetailsColumns = Pick<
  CreatorRow,
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'gender'
  | 'dialCode'
  | 'mobile'
  | 'country'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'stateProvince'
  | 'postcode'
  | 'audienceClusterId'
  | 'updatedAt'
>;

/** What Support records of a tax registration they checked by hand. */
export type TaxCheckByHand = Pick<
  TaxRegistrationRow,
  | 'validationStatus'
  | 'checkedAt'
  | 'checkSource'
  | 'checkNote'
  | 'checkReference'
  | 'checkedOn'
  | 'checkedBy'
  | 'updatedAt'
>;

/** What staff change of a creator's rows from the console, each in the console's own transaction. */
export const supportEditsRepository = {
  async updateDetails(executor: Executor, creatorId: string, values: CreatorDetailsColumns): Promise<void> {
    await executor.update(creators).set(values).where(eq(creators.accountId, creatorId));
  },

  async markReminded(executor: Executor, creatorId: string, at: Date): Promise<void> {
    await executor.update(creators).set({ remindedAt: at }).where(eq(creators.accountId, creatorId));
  },

  async recordTaxCheckByHand(executor: Executor, creatorId: string, check: TaxCheckByHand): Promise<void> {
    await executor
      .update(creatorTaxRegistrations)
      .set(check)
      .where(eq(creatorTaxRegistrations.creatorId, creatorId));
  },
};
