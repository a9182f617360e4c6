import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney, type CampaignReport } from '@platform/shared';
import { formatCount } from '../../../lib/metrics-words';
import { formatRate } from './report-words';
import classes from './Report.module.css';

/** One headline figure in a card: what it is, the figure, and what explains it below. */
export function FigureCard({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" className={classes.card}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <FigureCard label={label} value={value}>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </FigureCard>
  );
}

/** The report's headline figures, each in a card of its own. */
export function KpiCards({ report }: { report: CampaignReport }) {
  const { kpis, currency } = report;
  const money = (minor: number) => formatMoney(minor, currency);
  const noViews = 'Needs views';
  return (
    <SimpleGrid
      component="section"
      aria-label="Key figures"
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="md"
      verticalSpacing="md"
    >
      <Kpi label="Creators joined" value={formatCount(kpis.creatorsJoined)} />
      <Kpi label="Entries submitted" value={formatCount(kpis.entriesSubmitted)} />
      <Kpi label="Entries approved" value={formatCount(kpis.entriesApproved)} />
      <Kpi label="Entries rejected" value={formatCount(kpis.entriesRejected)} />
      <Kpi label="Views" value={formatCount(kpis.views)} />
      <Kpi label="Likes" value={formatCount(kpis.likes)} />
      <Kpi label="Comments" value={formatCount(kpis.comments)} />
      <Kpi label="Shares" value={formatCount(kpis.shares)} />
      <Kpi
        label="Engagement rate"
        value={kpis.engagementRate === null ? '—' : formatRate(kpis.engagementRate)}
        hint={kpis.engagementRate === null ? noViews : 'Likes, comments and shares per view'}
      />
      <Kpi label="Budget spent" value={money(kpis.spentMinor)} hint={`of ${money(kpis.budgetMinor)}`} />
      <Kpi label="Budget left" value={money(kpis.leftMinor)} />
      <Kpi
        label="Cost per 1,000 views"
        value={
          kpis.costPerThousandViewsMinor === null ? '—' : money(Math.round(kpis.costPerThousandViewsMinor))
        }
        {...(kpis.costPerThousandViewsMinor === null ? { hint: noViews } : {})}
      />
    </SimpleGrid>
  );
}
