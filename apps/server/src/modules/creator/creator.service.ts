import type { CreatorPlatform } from '@platform/shared';
import type { RequestUser } from '../../principal';
import { bindUseCases } from '../use-cases';
import type { CreatorContext } from './creator.context';
import { own } from './onboarding';
import { checkHandleAvailability } from './use-cases/check-handle-availability';
import { checkTaxCompliance } from './use-cases/check-tax-compliance';
import { correctCreatorDetails } from './use-cases/correct-creator-details';
import {
  applyOnboardingEvent,
  forgetDevice,
  kycReason,
  kycSummary,
  lockCreator,
  lookupIdsInUse,
  payoutWallet,
  pushDeviceTokens,
} from './use-cases/creator-rows';
import {
  activeCreatorsOfArtistNamed,
  campaignEligibility,
  handleOn,
  searchEligible,
  withCreators,
} from './use-cases/creators-for-campaigns';
import { deactivateCreator } from './use-cases/deactivate-creator';
import { getCreatorInfo } from './use-cases/get-creator-info';
import { getInvoiceSupplier } from './use-cases/get-invoice-supplier';
import { markCreatorReminded } from './use-cases/mark-creator-reminded';
import { recordTaxCheckByHand } from './use-cases/record-tax-check-by-hand';
import { registerDevice } from './use-cases/register-device';
import { selectArtists } from './use-cases/select-artists';
import { retryDueWallets, settleWallet } from './use-cases/settle-wallet';
import { signUpCreator } from './use-cases/sign-up-creator';
import { updateProfile } from './use-cases/update-profile';
import { updateTracking } from './use-cases/update-tracking';
import { updateUserInfo } from './use-cases/update-user-info';

export type { CreatorContext } from './creator.context';
export { KYC_CLOSED_STATUSES, type KycSummary } from './kyc-summary';
export { invalidFields } from './onboarding';
export type { CreatorDetailsColumns, TaxCheckByHand } from './support-edits.repository';
export { DEVICE_UNCHECKED_NOTE } from './use-cases/register-device';
export type { InvoiceSupplier } from './use-cases/get-invoice-supplier';
export { WALLET_MAX_ATTEMPTS, WALLET_NOTES } from './wallet';

export type CreatorService = ReturnType<typeof createCreatorService>;

/**
 * The creator's own account (SPEC §7 `/server-api/creator/*`) and what other modules read of creators:
 * who may see a campaign, who is named on an invoice, whose devices a notification goes to.
 */
export function createCreatorService(context: CreatorContext) {
  return {
    ...bindUseCases(context, {
      onSignUp: signUpCreator,
      info: getCreatorInfo,
      activeCreatorsOfArtistNamed,
      campaignEligibility,
      payoutWallet,
      invoiceSupplier: getInvoiceSupplier,
      handleOn,
      searchEligible,
      applyEvent: applyOnboardingEvent,
      lock: lockCreator,
      handleAvailability: checkHandleAvailability,
      updateProfile,
      checkTaxCompliance,
      updateUserInfo,
      selectArtists,
      settleWallet,
      retryDueWallets,
      updateTracking,
      registerDevice,
      deactivate: deactivateCreator,
      pushDeviceTokens,
      forgetDevice,
      lookupIdsInUse,
      kycSummary,
      kycReason,
      correctDetails: correctCreatorDetails,
      markReminded: markCreatorReminded,
      recordTaxCheckByHand,
    }),
    /** The creator's own row, for the identity checks of the kyc module. */
    own: (user: RequestUser, id?: string) => own(context, user, id),
    /** Each of `items` with who its creator is (generic over the items, so bound by hand). */
    withCreators: <Item extends { creatorId: string }>(items: readonly Item[], platform: CreatorPlatform) =>
      withCreators(context, items, platform),
  };
}
