import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { CreatorInfo } from '@platform/shared';
import { IconReceiptTax } from '@tabler/icons-react';
import { Link } from 'react-router';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { failureText } from '../../../components/feedback/failure';
import { paths } from '../../../lib/paths';
import { useCheckTax } from '../api/check-tax';
import { invoiceTaxNotice } from '../utils/invoice-tax-notice';

export interface InvoiceTaxNoticeProps {
  info: CreatorInfo;
  /** Offers a way to the creator's details, where the number is changed (not on the details page itself). */
  linkToDetails?: boolean;
}

/**
 * Tells a creator registered for VAT (or GST) whose invoices would carry no VAT (or GST) line why, before
 * an invoice is issued, and what they can do; nothing for anyone else.
 */
export function InvoiceTaxNotice({ info, linkToDetails = false }: InvoiceTaxNoticeProps) {
  const checkAgain = useCheckTax();
  const notice = invoiceTaxNotice(info);
  if (!notice) return null;
  const type = info.taxRegistration?.type;

  const recheck = () => {
    if (!type) return;
    checkAgain.mutate(
      { creatorId: info.id, type },
      {
        onSuccess: (answer) => {
          if (answer.validationStatus === 'valid') {
            showSuccessToast('Your number is confirmed: your next invoices carry tax.', 'Confirmed');
          }
        },
      },
    );
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      title={notice.title}
      icon={<IconReceiptTax aria-hidden="true" />}
      // Part of the page from the start, not news: a named region, not an alert read out on arrival.
      role="region"
      aria-label={notice.title}
    >
      <Stack gap="xs">
        <Text size="sm">{notice.why}</Text>
        <List size="sm" spacing={4}>
          {notice.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        {checkAgain.isError && (
          <Text size="sm" c="red.8" role="alert">
            {failureText(checkAgain.error)}
          </Text>
        )}
        {(notice.canCheckAgain || linkToDetails) && (
          <Group gap="sm">
            {notice.canCheckAgain && (
              <Button size="sm" variant="light" loading={checkAgain.isPending} onClick={recheck}>
                Check again
              </Button>
            )}
            {linkToDetails && (
              <Button size="sm" variant="subtle" component={Link} to={paths.account}>
                Open your details
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
