import { authRepository as repository } from '../auth.repository';

import type { AuthContext, StaffAccount } from '../auth.context';
import { asStaff } from '../auth-rules';

export async function listStaffAccounts(
  context: AuthContext,
  query: {
    page: number;
    pageSize: number;
    search?: string | undefined;
    status?: 'ACTIVE' | 'INACTIVE' | undefined;
  },
): Promise<{ items: StaffAccount[]; total: number }> {
  const { db } = context;
  const { rows, total } = await repository.listStaffAccounts(db, {
    search: query.search,
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(asStaff).filter((account) => account !== undefined), total };
}
