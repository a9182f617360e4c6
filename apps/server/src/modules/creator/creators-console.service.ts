import type { Payment } from '@platform/shared';
import {
  createCreatorsConsoleService as createConsoleModuleService,
  invalidDetails,
  type CreatorsConsoleDependencies,
  type CreatorsConsoleSources,
} from '../creators-console/creators-console.service';
import type { NotificationsService } from '../notifications/notifications.service';

export { invalidDetails };

/** Sends a push to a creator's devices at once: the notifications module's, once it is built. */
export type PushNow = NotificationsService['pushNow'];

/** What the creator's page reads of the campaigns they take part in, from the modules that own them. */
export type ParticipationSource = {
  rsvpsOf: CreatorsConsoleSources['rsvpsService']['ofCreatorForStaff'];
  entriesOf: CreatorsConsoleSources['entriesService']['ofCreatorForStaff'];
  campaignNames: CreatorsConsoleSources['campaignsService']['campaignNames'];
};

export type CreatorsConsoleService = ReturnType<typeof createCreatorsConsoleService>;

/**
 * The console's view of creators as the creator module still builds it, until the creators-console
 * module is composed on its own: the sources it reads are plugged in once their modules are built.
 */
export function createCreatorsConsoleService(
  dependencies: Omit<CreatorsConsoleDependencies, keyof CreatorsConsoleSources>,
) {
  let paymentsOf: (creatorId: string) => Promise<Payment[]> = async () => [];
  let pushNow: PushNow = async () => ({ sent: 0, note: 'Push notifications are not available.' });
  let participation: ParticipationSource = {
    rsvpsOf: async () => [],
    entriesOf: async () => [],
    campaignNames: async () => new Map(),
  };
  const service = createConsoleModuleService({
    ...dependencies,
    paymentsService: { ofCreatorForStaff: (creatorId) => paymentsOf(creatorId) },
    notificationsService: { pushNow: (accountId, message) => pushNow(accountId, message) },
    rsvpsService: { ofCreatorForStaff: (creatorId) => participation.rsvpsOf(creatorId) },
    entriesService: {
      ofCreatorForStaff: (creatorId, campaignIds) => participation.entriesOf(creatorId, campaignIds),
    },
    campaignsService: { campaignNames: (ids) => participation.campaignNames(ids) },
  });
  return {
    ...service,
    usePayments(source: (creatorId: string) => Promise<Payment[]>): void {
      paymentsOf = source;
    },
    useParticipation(source: ParticipationSource): void {
      participation = source;
    },
    usePush(source: PushNow): void {
      pushNow = source;
    },
  };
}
