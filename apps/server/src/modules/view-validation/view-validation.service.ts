import { bindUseCases } from '../use-cases';
import {
  viewValidationContext,
  type HoldDecidedListener,
  type ViewValidationDependencies,
} from './view-validation.context';
import { appealHold, appealUploadUrl } from './use-cases/appeal-hold';
import { acceptHold, excludeHeldViews, rejectHeldEntry } from './use-cases/decide-hold';
import { heldAmong } from './use-cases/held-among';
import { holdDetail, holdQueue } from './use-cases/hold-queue';
import { holdRiskyEntry } from './use-cases/hold-risky-entry';
import { viewChecks } from './use-cases/view-checks';

export type {
  EntryAssessment,
  HoldDecided,
  HoldDecidedListener,
  HoldOutcome,
  ViewValidationDependencies,
} from './view-validation.context';

/**
 * Holds on entries' earnings (ADR 037): an entry whose risk score reaches its campaign's hold score is
 * held once, the creator may appeal once, and staff accept its figures, exclude a window of its views or
 * reject it.
 */
export function createViewValidationService(dependencies: ViewValidationDependencies) {
  const context = viewValidationContext(dependencies);
  return {
    ...bindUseCases(context, {
      heldAmong,
      holdRiskyEntry,
      queue: holdQueue,
      detail: holdDetail,
      accept: acceptHold,
      exclude: excludeHeldViews,
      reject: rejectHeldEntry,
      viewChecks,
      appealUploadUrl,
      appeal: appealHold,
    }),
    /** Plugs in what a higher module does in the transaction of each decision on a hold. */
    onDecided(listener: HoldDecidedListener): void {
      context.decidedListeners.push(listener);
    },
  };
}

export type ViewValidationService = ReturnType<typeof createViewValidationService>;
