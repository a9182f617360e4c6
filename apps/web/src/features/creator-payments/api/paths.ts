/** The creator's payments (SPEC §7): searched by POST, the invoice of one fetched by POST. */
export const paymentSearchPath = '/server-api/creator/payment/search';

export const paymentInvoicePath = '/server-api/creator/payment/invoice';

/** Every cached search of the creator's payments starts with this key. */
export const paymentsQueryKey = ['creator-payments'] as const;
