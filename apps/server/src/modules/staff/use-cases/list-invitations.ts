import { type Paged, type StaffInvitation } from '@platform/shared';
import { staffRepository as repository } from '../staff.repository';

import type { StaffContext } from '../staff.context';
import { invitationViews } from '../staff-rules';

export async function listInvitations(
  context: StaffContext,
  query: {
    page: number;
    pageSize: number;
    search?: string | undefined;
  },
): Promise<Paged<StaffInvitation>> {
  const { db } = context;
  const { rows, total } = await repository.listOpenInvitations(db, {
    search: query.search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: await invitationViews(context, rows), total, page: query.page, pageSize: query.pageSize };
}
