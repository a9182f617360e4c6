import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';
import { FRESH_FOR_MS } from '../lib/freshness';

const MAX_QUERY_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again; network trouble and 5xx may.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) &&
          failureCount < MAX_QUERY_RETRIES,
        refetchOnWindowFocus: false,
        staleTime: FRESH_FOR_MS,
      },
      mutations: { retry: false },
    },
  });
}
