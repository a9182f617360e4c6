import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  can,
  formatDateTime,
  TAX_REGISTER_NAMES,
  type AccountRole,
  type CreatorConsoleDetail,
  type TaxRegistrationType,
  type TaxVerificationOutcome,
} from '@platform/shared';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { TAX_CHECK_SOURCE_LABELS, TAX_LABELS } from './labels';

const loadDialog = () => import('./TaxVerificationDialog');
const TaxVerificationDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.TaxVerificationDialog })),
);

export interface TaxRegistrationFactsProps {
  creator: CreatorConsoleDetail;
  name: string;
  role: AccountRole;
  fact: (label: string, children: ReactNode) => ReactNode;
}

/**
 * The creator's tax registration, its last check, and for those who review creators, a check by hand of a
 * number no register could confirm: without it, the creator's invoices carry no VAT or GST.
 */
export function TaxRegistrationFacts({ creator, name, role, fact }: TaxRegistrationFactsProps) {
  const [outcome, setOutcome] = useState<TaxVerificationOutcome | null>(null);
  const registration = creator.taxRegistration;
  if (!registration) {
    return (
      <Text size="sm" c="dimmed">
        No tax registration declared.
      </Text>
    );
  }
  const type = registration.type as TaxRegistrationType;
  const checkable = can(role, 'REVIEW', 'CREATOR') && registration.checkableByHand;
  const verification = registration.verification;
  const awaiting =
    checkable && registration.validationStatus === 'not verified' && registration.checkSource !== 'support';
  const source = registration.checkSource
    ? (TAX_CHECK_SOURCE_LABELS[registration.checkSource] ?? registration.checkSource)
    : null;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        {fact('Registered', registration.isRegistered ? 'Yes' : 'No')}
        {fact('Type', registration.type)}
        {fact('Number', registration.number)}
        {fact('Validation', TAX_LABELS[registration.validationStatus])}
        {fact(
          'Checked',
          registration.checkedAt
            ? `${formatDateTime(registration.checkedAt, 'short')}${source ? ` (${source})` : ''}`
            : null,
        )}
        {fact('Business name', registration.businessName)}
      </SimpleGrid>
      {verification ? (
        <Stack gap={4} aria-label="Check by hand">
          <Text size="sm" fw={600}>
            {verification.outcome === 'VERIFIED' ? 'Verified by hand' : 'Found not valid by hand'} on{' '}
            {verification.checkedOn}
            {verification.decidedBy ? `, by ${verification.decidedBy}` : ''}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {verification.note}
          </Text>
          {verification.reference && <Text size="sm">Reference: {verification.reference}</Text>}
        </Stack>
      ) : (
        registration.checkNote && (
          <Text size="sm" c="dimmed">
            {registration.checkNote}
          </Text>
        )
      )}
      {awaiting && (
        <Alert color="yellow" variant="light" title={`No ${type === 'VAT' ? 'VAT' : 'GST'} on invoices yet`}>
          No register could confirm this number, so invoices issued to {name} carry no{' '}
          {type === 'VAT' ? 'VAT' : 'GST'} until it is checked by hand with {TAX_REGISTER_NAMES[type]}.
        </Alert>
      )}
      {checkable && (
        <Group gap="sm">
          <Button
            variant="light"
            onMouseEnter={() => void loadDialog()}
            onClick={() => setOutcome('VERIFIED')}
          >
            Verify by hand
          </Button>
          <Button
            variant="outline"
            color="red"
            onMouseEnter={() => void loadDialog()}
            onClick={() => setOutcome('NOT_VALID')}
          >
            Mark not valid
          </Button>
        </Group>
      )}
      {outcome && registration.number && (
        <Suspense fallback={null}>
          <TaxVerificationDialog
            creatorId={creator.id}
            name={name}
            outcome={outcome}
            type={type}
            number={registration.number}
            onClose={() => setOutcome(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
