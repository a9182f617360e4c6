import { Skeleton } from '@mantine/core';
import type { AccountRole } from '@platform/shared';
import type { ReactNode } from 'react';
import { LoadFailure } from '../components/feedback/failure';
import { useProfile } from '../features/common-profile/api/get-profile';

export interface StaffRoleProps {
  /** What loads while the profile does: 'Loading campaigns'. */
  loadingLabel: string;
  /** The page, for the signed-in person's role. */
  children: (role: AccountRole) => ReactNode;
}

/**
 * A console page that depends on the person's role: the console has read their profile already, so this
 * is at once; should it not have, a placeholder and then a retry.
 */
export function StaffRole({ loadingLabel, children }: StaffRoleProps) {
  const profile = useProfile();
  if (profile.data) return children(profile.data.role);
  if (profile.isError) {
    return (
      <LoadFailure
        title="We could not load your profile"
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return <Skeleton role="status" height={240} radius="sm" aria-label={loadingLabel} />;
}
