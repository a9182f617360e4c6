import { countryName, TAX_CHECKED_BY_SUPPORT, type InvoiceTaxRegistration } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import { creatorRepository as repository } from '../creator.repository';

/** The creator as a self-billed invoice names them (ADR 022). */
export type InvoiceSupplier = {
  name: string;
  country: string;
  /** As printed, one line each, country last. */
  addressLines: string[];
  taxRegistration: InvoiceTaxRegistration | null;
};

/**
 * Who the creator is on a self-billed invoice, read through `executor` (the approving transaction):
 * their name, postal address and tax registration, or null when their profile lacks a name or address.
 */
export async function getInvoiceSupplier(
  _context: CreatorContext,
  executor: Executor,
  accountId: string,
): Promise<InvoiceSupplier | null> {
  const row = await repository.find(executor, accountId);
  if (!row?.firstName || !row.lastName || !row.country || !row.addressLine1 || !row.postcode) return null;
  const tax = await repository.taxRegistrationOf(executor, accountId);
  return {
    name: [row.firstName, row.lastName].join(' '),
    country: row.country,
    addressLines: [
      row.addressLine1,
      row.addressLine2,
      [row.city, row.stateProvince, row.postcode].filter(Boolean).join(' '),
      countryName(row.country) ?? row.country,
    ].filter((line): line is string => Boolean(line)),
    taxRegistration: tax
      ? {
          isRegistered: tax.isRegistered,
          type: tax.type,
          number: tax.number ?? '',
          validationStatus: tax.validationStatus,
          checkedBySupport: tax.checkSource === TAX_CHECKED_BY_SUPPORT,
        }
      : null,
  };
}
