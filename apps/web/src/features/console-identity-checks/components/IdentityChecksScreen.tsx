import { Button, Stack, Tabs, Text } from '@mantine/core';
import { formatDateTime, type KycReview } from '@platform/shared';
import { Link, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION } from '../../../components/feedback/failure';
import { useIdentityCheckList } from '../api/list-identity-checks';
import { useCountryNames } from '../../../lib/use-country-names';
import {
  DEFAULT_REVIEW_STATUS,
  isReviewTabStatus,
  PROVIDER_LABELS,
  REVIEW_TABS,
  type ReviewTabStatus,
} from './check-status';
import { formatDateOfBirth } from './format';
import { identityCheckPath, type IdentityCheckLinkState } from './links';
import { pageFromParam } from '../../../lib/page-param';

/** The server's page size when none is asked for (contracts/lists.ts), kept here to leave zod out of the page. */
const PAGE_SIZE = 25;

const BASE_COLUMNS = ['Creator', 'Country', 'Date of birth', 'Provider', 'Submitted'];

const EMPTY_MESSAGES: Readonly<Record<ReviewTabStatus, string>> = {
  ManualReview:
    'No identity check is waiting for review. Checks that need a person’s look show here, oldest first.',
  Success: 'No identity check has been approved yet.',
  Failure: 'No identity check has been rejected.',
  ReVerify: 'No creator has been asked to verify again.',
};

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** Identity checks by status, paged on the server, oldest submission first; each opens for review. */
export function IdentityChecksScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = isReviewTabStatus(requested) ? requested : DEFAULT_REVIEW_STATUS;
  const page = pageFromParam(searchParams.get('page'));
  const list = useIdentityCheckList({ status, page, pageSize: PAGE_SIZE });
  const nameOf = useCountryNames();
  const decided = status !== 'ManualReview';
  const columns = [...BASE_COLUMNS, ...(decided ? ['Decided'] : []), 'Actions'];

  const show = (next: { status: ReviewTabStatus; page: number }) => {
    const params = new URLSearchParams();
    if (next.status !== DEFAULT_REVIEW_STATUS) params.set('status', next.status);
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  // Rows show once the countries can be named, so they never change under the reader's eyes.
  const data = nameOf ? list.data : undefined;
  const linkState: IdentityCheckLinkState = { listSearch: searchParams.toString() };

  const row = (check: KycReview) => (
    <tr key={check.id}>
      <td>
        <Text size="sm" fw={500}>
          {check.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {check.email}
        </Text>
      </td>
      <td>{check.country ? (nameOf?.(check.country) ?? check.country) : dash}</td>
      <td style={{ whiteSpace: 'nowrap' }}>
        {check.dateOfBirth ? formatDateOfBirth(check.dateOfBirth) : dash}
      </td>
      <td>{PROVIDER_LABELS[check.provider]}</td>
      <td style={{ whiteSpace: 'nowrap' }}>
        {check.submittedAt ? formatDateTime(check.submittedAt, 'short') : dash}
      </td>
      {decided && (
        <td>
          {check.decidedAt ? (
            <>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(check.decidedAt, 'short')}
              </Text>
              <Text size="xs" c="dimmed">
                {check.decidedBy ? `by ${check.decidedBy}` : 'by the provider'}
              </Text>
            </>
          ) : (
            dash
          )}
        </td>
      )}
      <td>
        <Button
          component={Link}
          to={identityCheckPath(check.id)}
          state={linkState}
          size="compact-sm"
          variant={decided ? 'subtle' : 'light'}
          aria-label={`${decided ? 'View' : 'Review'} the identity check of ${check.name}`}
        >
          {decided ? 'View' : 'Review'}
        </Button>
      </td>
    </tr>
  );

  const body = (
    <Stack gap="md">
      <PagedTable
        aria-label={REVIEW_TABS.find((tab) => tab.status === status)?.label}
        columns={columns}
        minWidth={760}
        data={data}
        fetching={list.isFetching}
        failure={
          list.isError && !list.data
            ? {
                title: 'We could not load the identity checks',
                message: CHECK_CONNECTION,
                onRetry: () => void list.refetch(),
                retrying: list.isFetching,
              }
            : null
        }
        emptyMessage={EMPTY_MESSAGES[status]}
        renderRow={row}
        page={page}
        noun="identity check"
        onPageChange={(next) => show({ status, page: next })}
      />
    </Stack>
  );

  return (
    <Tabs
      value={status}
      onChange={(next) => show({ status: isReviewTabStatus(next) ? next : DEFAULT_REVIEW_STATUS, page: 1 })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {REVIEW_TABS.map((tab) => (
          <Tabs.Tab key={tab.status} value={tab.status}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {REVIEW_TABS.map((tab) => (
        <Tabs.Panel key={tab.status} value={tab.status}>
          {body}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
