import type { FundingMethod, FundingState, FundingStatus } from '@platform/shared';

export const FUNDING_STATE_LABELS: Readonly<Record<FundingState, string>> = {
  UNFUNDED: 'Unfunded',
  PARTLY_FUNDED: 'Partly funded',
  FUNDED: 'Funded',
};

export const FUNDING_STATE_COLORS: Readonly<Record<FundingState, string>> = {
  UNFUNDED: 'red',
  PARTLY_FUNDED: 'yellow',
  FUNDED: 'teal',
};

export const FUNDING_METHOD_LABELS: Readonly<Record<FundingMethod, string>> = {
  TRANSFER: 'Bank transfer',
  PROVIDER_TOP_UP: 'Provider top-up',
};

export const FUNDING_STATUS_LABELS: Readonly<Record<FundingStatus, string>> = {
  PENDING: 'Clearing',
  SUCCEEDED: 'Received',
  FAILED: 'Failed',
};

export const FUNDING_STATUS_COLORS: Readonly<Record<FundingStatus, string>> = {
  PENDING: 'yellow',
  SUCCEEDED: 'teal',
  FAILED: 'red',
};
