import type { MetricsImportReport } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSendFile } from '../../../lib/api-send-file';
import { campaignPath, leaderboardQueryKey } from '../../../lib/campaign-api-paths';

export type MetricsImportRequest = { file: File; preview: boolean };

/**
 * Sends a CSV of figures: with `preview`, to be read row by row with nothing written; without, to record
 * every row or, if any is wrong, none. A recorded import reads the board again.
 */
export function useMetricsImport(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, preview }: MetricsImportRequest) =>
      apiSendFile<MetricsImportReport>(
        campaignPath(campaignId, `/metrics/import?preview=${String(preview)}`),
        file,
        {
          contentType: 'text/csv',
        },
      ),
    onSuccess: (report) =>
      report.imported
        ? queryClient.invalidateQueries({ queryKey: leaderboardQueryKey(campaignId) })
        : undefined,
  });
}
