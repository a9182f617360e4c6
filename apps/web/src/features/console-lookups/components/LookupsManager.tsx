import { Tabs } from '@mantine/core';
import {
  LOOKUP_KIND_NAMES,
  LOOKUP_KIND_SLUGS,
  lookupKindOfSlug,
  type AccountRole,
  type LookupKind,
} from '@platform/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/feedback/LoadingState';
import { lookupPermissions } from '../hooks/lookup-permissions';
import { LookupKindPanel } from './LookupKindPanel';

// Answers are picked through a searchable dropdown, which loads with their tab.
const AnswersPanel = lazy(() =>
  import('./AnswersPanel').then((module) => ({ default: module.AnswersPanel })),
);

const TABS: readonly LookupKind[] = [
  'genre',
  'agency',
  'audience-bible',
  'vertical-content',
  'question',
  'answer',
  'audience-cluster',
  'artist',
];

/** A tab per kind of lookup; the open tab is in the address (`?kind=agencies`), so it survives a reload. */
export function LookupsManager({ role }: { role: AccountRole }) {
  const permissions = lookupPermissions(role);
  const [searchParams, setSearchParams] = useSearchParams();
  const current = lookupKindOfSlug(searchParams.get('kind') ?? '') ?? 'genre';
  return (
    <Tabs
      value={current}
      onChange={(value) => {
        const kind = TABS.find((candidate) => candidate === value);
        if (kind) setSearchParams({ kind: LOOKUP_KIND_SLUGS[kind] }, { replace: true });
      }}
      keepMounted={false}
    >
      <Tabs.List>
        {TABS.map((kind) => (
          <Tabs.Tab key={kind} value={kind}>
            {LOOKUP_KIND_NAMES[kind].plural}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((kind) => (
        <Tabs.Panel key={kind} value={kind} pt="lg">
          {kind === 'answer' ? (
            <Suspense fallback={<LoadingState />}>
              <AnswersPanel permissions={permissions} />
            </Suspense>
          ) : (
            <LookupKindPanel kind={kind} permissions={permissions} />
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
