import { LOOKUP_KIND_SLUGS, type LookupKind } from '@platform/shared';

/** The console's lookups of one kind: `/server-api/marketing/lookups/{slug}`. */
export const lookupsPath = (kind: LookupKind, rest = '') =>
  `/server-api/marketing/lookups/${LOOKUP_KIND_SLUGS[kind]}${rest}`;

/** Every cached list of a kind starts with this key, so one write refreshes them all. */
export const lookupsQueryKey = (kind: LookupKind) => ['lookups', kind] as const;
