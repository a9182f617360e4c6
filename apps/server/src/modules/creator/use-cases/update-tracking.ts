import { TRACKING_PERMISSION_GROUPS, type TrackingPermissions } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository } from '../creator.repository';
import { own } from '../onboarding';

/** The tracking choice as it is kept: ALLOW accepts every group; essential technologies always. */
function normaliseTracking(permissions: TrackingPermissions): TrackingPermissions {
  if (permissions.mode === 'ALLOW') return { mode: 'ALLOW', allowed: [...TRACKING_PERMISSION_GROUPS] };
  const allowed = new Set(permissions.allowed);
  allowed.add('ESSENTIAL_TECHNOLOGIES');
  return { mode: 'CUSTOM', allowed: TRACKING_PERMISSION_GROUPS.filter((group) => allowed.has(group)) };
}

/** PATCH /server-api/creator/user/tracking. */
export async function updateTracking(
  context: CreatorContext,
  user: RequestUser,
  permissions: TrackingPermissions,
): Promise<TrackingPermissions> {
  await own(context, user);
  const normalised = normaliseTracking(permissions);
  await repository.update(context.db, user.accountId, {
    trackingPermissions: normalised,
    updatedAt: context.clock.now(),
  });
  return normalised;
}
