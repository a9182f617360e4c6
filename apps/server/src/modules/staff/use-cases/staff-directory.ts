import { STAFF_DIRECTORY_LIMIT, type StaffDirectoryResponse } from '@platform/shared';

import type { StaffContext } from '../staff.context';

export async function staffDirectory(
  context: StaffContext,
  search: string | undefined,
): Promise<StaffDirectoryResponse> {
  const { authService } = context;
  const { items } = await authService.listStaffAccounts({
    page: 1,
    pageSize: STAFF_DIRECTORY_LIMIT,
    search,
    status: 'ACTIVE',
  });
  return {
    items: items.map(({ id, email, displayName, role }) => ({ id, email, displayName, role })),
  };
}
