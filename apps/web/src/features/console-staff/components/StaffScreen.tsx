import { Button, Group, Tabs } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { can, type AccountRole } from '@platform/shared';
import { lazy, Suspense, useState } from 'react';
import { InvitationsTable } from './InvitationsTable';
import { StaffTable } from './StaffTable';

export interface StaffScreenProps {
  /** The signed-in person's role: it decides which actions show (Support reads only). */
  role: AccountRole;
  accountId: string;
}

type Tab = 'staff' | 'invitations';

// The form, its schema and the dropdowns load when the dialog first opens, not with the lists.
const InviteStaffDialog = lazy(() =>
  import('./InviteStaffDialog').then((module) => ({ default: module.InviteStaffDialog })),
);

/** Staff accounts and the invitations waiting for an answer, with what the person's role may do. */
export function StaffScreen({ role, accountId }: StaffScreenProps) {
  const canInvite = can(role, 'INVITE', 'USER');
  const canEdit = can(role, 'EDIT', 'USER');
  const [tab, setTab] = useState<Tab>('staff');
  const [inviting, setInviting] = useState(false);

  return (
    <Tabs
      value={tab}
      onChange={(next) => setTab(next === 'invitations' ? 'invitations' : 'staff')}
      keepMounted={false}
    >
      <Group justify="space-between" align="flex-end" mb="md">
        <Tabs.List>
          <Tabs.Tab value="staff">Staff</Tabs.Tab>
          <Tabs.Tab value="invitations">Invitations</Tabs.Tab>
        </Tabs.List>
        {canInvite && (
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden="true" />}
            onClick={() => setInviting(true)}
          >
            Invite staff
          </Button>
        )}
      </Group>
      <Tabs.Panel value="staff">
        <StaffTable canEdit={canEdit} currentAccountId={accountId} />
      </Tabs.Panel>
      <Tabs.Panel value="invitations">
        <InvitationsTable canInvite={canInvite} />
      </Tabs.Panel>
      {inviting && (
        <Suspense fallback={null}>
          <InviteStaffDialog onInvited={() => setTab('invitations')} onClose={() => setInviting(false)} />
        </Suspense>
      )}
    </Tabs>
  );
}
