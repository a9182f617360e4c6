import { Anchor, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { formatDateTime, type CampaignReport } from '@platform/shared';
import type { ReactNode } from 'react';
import { AreaChartCard, type AreaChartSeries } from '../../../components/display/AreaChartCard';
import { formatCount } from '../../../lib/metrics-words';
import { useCountryNames } from '../../../lib/use-country-names';
import { KpiCards } from './KpiCards';
import { countriesCsv, platformsCsv, topCreatorsCsv, topEntriesCsv } from './report-csv';
import { creatorLabel, fileSlug, formatAxisDay, formatDay, platformLabel, webAddress } from './report-words';
import { ReportTable } from './ReportTable';
import classes from './Report.module.css';

const DAILY_SERIES: AreaChartSeries[] = [
  { name: 'views', label: 'Views', color: 'indigo.6' },
  { name: 'likes', label: 'Likes', color: 'pink.6' },
  { name: 'comments', label: 'Comments', color: 'teal.6' },
  { name: 'shares', label: 'Shares', color: 'orange.6' },
];

const FIGURE_COLUMNS = ['Views', 'Likes', 'Comments', 'Shares'];

function Figures({ row }: { row: { views: number; likes: number; comments: number; shares: number } }) {
  return (
    <>
      <td>{formatCount(row.views)}</td>
      <td>{formatCount(row.likes)}</td>
      <td>{formatCount(row.comments)}</td>
      <td>{formatCount(row.shares)}</td>
    </>
  );
}

/** 'Figures as of …, money as of …', or what there is not yet. */
export function asOfText(asOf: CampaignReport['asOf']): string {
  const figures = asOf.figures
    ? `Figures as of ${formatDateTime(asOf.figures, 'long')}`
    : 'No figures read yet';
  const money = asOf.ledger ? `money as of ${formatDateTime(asOf.ledger, 'long')}` : 'nothing spent yet';
  return `${figures}, ${money}.`;
}

/** The report's body: KPIs, the chart and the breakdowns, each table with its CSV. */
function ReportBody({ report }: { report: CampaignReport }) {
  const countryNameOf = useCountryNames();
  const countryName = (code: string) => countryNameOf?.(code) ?? code;
  const slug = fileSlug(report.campaignName);
  const daily = report.daily.map((day) => ({ ...day, date: formatAxisDay(day.date) }));

  return (
    <Stack gap="xl">
      <KpiCards report={report} />
      <AreaChartCard
        title="Figures day by day"
        data={daily}
        dataKey="date"
        series={DAILY_SERIES}
        emptyLabel="No figures yet"
      />
      <ReportTable
        title="Per platform"
        columns={['Platform', 'Entries', ...FIGURE_COLUMNS]}
        emptyMessage="No approved entries yet."
        csv={() => platformsCsv(report)}
        fileName={`${slug}-platforms.csv`}
        rows={report.platforms.map((row) => (
          <tr key={row.platform}>
            <td>{platformLabel(row.platform)}</td>
            <td>{formatCount(row.entries)}</td>
            <Figures row={row} />
          </tr>
        ))}
      />
      <ReportTable
        title="Per country"
        columns={['Country', 'Creators', 'Entries', ...FIGURE_COLUMNS]}
        emptyMessage="No approved entries yet."
        csv={() => countriesCsv(report, countryName)}
        fileName={`${slug}-countries.csv`}
        rows={report.countries.map((row) => (
          <tr key={row.country ?? 'unknown'}>
            <td>{row.country ? countryName(row.country) : 'Unknown'}</td>
            <td>{formatCount(row.creators)}</td>
            <td>{formatCount(row.entries)}</td>
            <Figures row={row} />
          </tr>
        ))}
      />
      <ReportTable
        title="Top 10 creators"
        columns={['#', 'Creator', 'Country', 'Entries', ...FIGURE_COLUMNS]}
        minWidth={640}
        emptyMessage="No creator has views yet."
        csv={() => topCreatorsCsv(report, countryName)}
        fileName={`${slug}-top-creators.csv`}
        rows={report.topCreators.map((row, index) => (
          <tr key={row.creator.id}>
            <td>{index + 1}</td>
            <td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {creatorLabel(row.creator)}
              </Text>
              {row.creator.name && row.creator.handle && (
                <Text size="xs" c="dimmed">
                  @{row.creator.handle}
                </Text>
              )}
            </td>
            <td>{row.country ? countryName(row.country) : '—'}</td>
            <td>{formatCount(row.entries)}</td>
            <Figures row={row} />
          </tr>
        ))}
      />
      <ReportTable
        title="Top 10 entries"
        columns={['#', 'Creator', 'Post', 'Submitted', ...FIGURE_COLUMNS]}
        minWidth={760}
        emptyMessage="No entry has views yet."
        csv={() => topEntriesCsv(report)}
        fileName={`${slug}-top-entries.csv`}
        rows={report.topEntries.map((row, index) => {
          const link = webAddress(row.postLink);
          return (
            <tr key={row.entryId}>
              <td>{index + 1}</td>
              <td style={{ overflowWrap: 'anywhere' }}>{creatorLabel(row.creator)}</td>
              <td>
                {link ? (
                  <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
                    {platformLabel(row.platform)} post
                  </Anchor>
                ) : (
                  `${platformLabel(row.platform)} upload`
                )}
              </td>
              <td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.submittedAt)}</td>
              <Figures row={row} />
            </tr>
          );
        })}
      />
    </Stack>
  );
}

export interface ReportViewProps {
  report: CampaignReport;
  /** Beside Print: the console's Share, say. */
  actions?: ReactNode;
  /** Above the title: the shared page's notice. */
  notice?: ReactNode;
  /** A second tab beside the report, for those who may read the campaign's forecast. */
  forecast?: ReactNode;
  /** The tab on show, when there is a forecast. */
  tab?: 'report' | 'forecast';
  onTabChange?: (tab: 'report' | 'forecast') => void;
}

/** A campaign's report as read-only pages show it: in the console and behind a shared link. */
export function ReportView({
  report,
  actions,
  notice,
  forecast,
  tab = 'report',
  onTabChange,
}: ReportViewProps) {
  return (
    <Stack gap="lg" className={classes.report}>
      {notice}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {report.campaignName}
          </Title>
          <Text c="dimmed" size="sm">
            {formatDay(report.startsAt)} to {formatDay(report.endsAt)}
          </Text>
          <Text size="sm">{asOfText(report.asOf)}</Text>
        </Stack>
        <Group gap="sm" className={classes.noPrint}>
          {actions}
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden="true" />}
            onClick={() => window.print()}
          >
            Print
          </Button>
        </Group>
      </Group>
      {forecast ? (
        <Tabs
          value={tab}
          onChange={(next) => onTabChange?.(next === 'forecast' ? 'forecast' : 'report')}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="report">Report</Tabs.Tab>
            <Tabs.Tab value="forecast">Forecast</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="report">
            <ReportBody report={report} />
          </Tabs.Panel>
          <Tabs.Panel value="forecast">{forecast}</Tabs.Panel>
        </Tabs>
      ) : (
        <ReportBody report={report} />
      )}
    </Stack>
  );
}
