import { createKycService as createKycModuleService, type KycDependencies } from '../kyc/kyc.service';
import type { NotificationsService } from '../notifications/notifications.service';

export type KycService = ReturnType<typeof createKycService>;

/**
 * Identity checks as the creator module still builds them, until the kyc module is composed on its own:
 * Support is told of checks waiting for them once the notifications module is built.
 */
export function createKycService(dependencies: Omit<KycDependencies, 'notificationsService'>) {
  let staffNotifier: NotificationsService['notifyStaff'] | undefined;
  const service = createKycModuleService({
    ...dependencies,
    notificationsService: {
      notifyStaff: async (tx, input) => (staffNotifier ? staffNotifier(tx, input) : []),
    },
  });
  return {
    ...service,
    useStaffNotifier(next: NotificationsService['notifyStaff']): void {
      staffNotifier = next;
    },
  };
}
