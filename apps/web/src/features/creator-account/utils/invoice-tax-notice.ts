import {
  invoiceTaxTreatment,
  TAX_CHECKED_BY_SUPPORT,
  TAX_REGISTER_NAMES,
  unconfirmableTaxReason,
  type CreatorInfo,
  type TaxRegistrationType,
} from '@platform/shared';

/** What a registered creator whose invoices would carry no VAT or GST is told, and what they can do. */
export type InvoiceTaxNotice = {
  title: string;
  /** Why the invoices have no tax line. */
  why: string;
  /** What the creator can do about it, one step each. */
  steps: string[];
  /** Whether asking the register again might help (it was configured but did not answer). */
  canCheckAgain: boolean;
};

const NAMES: Readonly<Record<TaxRegistrationType, { tax: string; number: string }>> = {
  VAT: { tax: 'VAT', number: 'VAT number' },
  ABN: { tax: 'GST', number: 'ABN' },
};

/**
 * The notice for a creator who said they are registered for VAT (or GST) but whose invoices, issued now,
 * would carry no VAT (or GST) line: the same rule the invoice follows decides. Null when they would, or
 * when the creator is not registered.
 */
export function invoiceTaxNotice(info: CreatorInfo): InvoiceTaxNotice | null {
  const registration = info.taxRegistration;
  const country = info.profile?.address.country;
  if (!registration?.isRegistered || !registration.number || !country) return null;
  const { type, number, validationStatus } = registration;
  const checkedBySupport = registration.checkSource === TAX_CHECKED_BY_SUPPORT;
  const treatment = invoiceTaxTreatment({
    country,
    taxRegistration: { isRegistered: true, type, number, validationStatus, checkedBySupport },
  });
  if (treatment.kind !== 'NONE') return null;
  const names = NAMES[type];
  const register = TAX_REGISTER_NAMES[type];
  const title = `Your invoices have no ${names.tax} line yet`;
  const later = `Invoices issued before it is confirmed carry no ${names.tax} and stay as they are; those issued after carry ${names.tax}.`;

  const unconfirmable = unconfirmableTaxReason({
    country,
    taxRegistration: { isRegistered: true, type, number },
  });
  if (unconfirmable) {
    return {
      title,
      why: `Your invoices say: “${unconfirmable}”.`,
      steps: [`Give your ${type === 'VAT' ? 'UK VAT number' : 'ABN'} in your details, or contact Support.`],
      canCheckAgain: false,
    };
  }
  if (validationStatus === 'not verified') {
    if (info.taxNumberChecks[type] === 'SUPPORT') {
      return {
        title,
        why: `Our Support team checks each ${names.number} by hand with ${register}, and has not confirmed ${number} yet. ${later}`,
        steps: [
          `Make sure ${number} is your ${names.number} exactly: a wrong number cannot be confirmed.`,
          'Nothing else is needed from you: Support will check it.',
          'If you have waited more than a week, contact Support.',
        ],
        canCheckAgain: false,
      };
    }
    return {
      title,
      why: `${register} did not answer when we checked ${number}. ${later}`,
      steps: [
        'Check it again: the answer usually comes at the next try.',
        'If it still cannot be confirmed, contact Support, who can check it by hand.',
      ],
      canCheckAgain: true,
    };
  }
  const found = checkedBySupport
    ? `Our Support team checked ${number} and found it is not a valid registration${registration.note ? `: ${registration.note}` : '.'}`
    : validationStatus === 'cancelled'
      ? `${register} lists ${number} as cancelled.`
      : `${register} does not recognise ${number} as a registered ${names.number}.`;
  return {
    title,
    why: found,
    steps: [
      `Correct your ${names.number} in your details, or turn the registration off if you are not registered.`,
      'If you think this is a mistake, contact Support.',
    ],
    canCheckAgain: false,
  };
}
