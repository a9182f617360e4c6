import { type Paged, type StaffMember, type StaffStatus } from '@platform/shared';

import type { StaffContext } from '../staff.context';
import { staffViews } from '../staff-rules';

export async function listStaff(
  context: StaffContext,
  query: {
    page: number;
    pageSize: number;
    search?: string | undefined;
    status?: StaffStatus | undefined;
  },
): Promise<Paged<StaffMember>> {
  const { authService } = context;
  const { items, total } = await authService.listStaffAccounts(query);
  return { items: await staffViews(context, items), total, page: query.page, pageSize: query.pageSize };
}
