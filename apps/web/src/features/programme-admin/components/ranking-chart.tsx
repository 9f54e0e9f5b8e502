import type { ProgrammeStats, StatsFigure } from '@incentive/contracts';
import { BarChart } from '@mantine/charts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ChartCard } from './chart-card.tsx';

/** A top-20 of the period's challenge sales (by warehouse or by region): one bar per row, rewards in whole złoty. */
export function RankingChart({
  figure,
  title,
  rows,
  color,
  valueFormatter,
  onCsv,
}: {
  figure: Extract<StatsFigure, 'warehouses' | 'regions'>;
  title: string;
  rows: ProgrammeStats['warehouses'];
  color: string;
  valueFormatter: (v: number) => string;
  onCsv: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ChartCard title={title} empty={rows.length === 0} onCsv={onCsv} testId={`chart-${figure}`}>
      <BarChart
        h={Math.max(160, rows.length * 40)}
        data={rows.map((r) => ({ name: r.name, rewards: Number(r.rewards), units: r.units }))}
        dataKey="name"
        orientation="vertical"
        yAxisProps={{ width: 150 }}
        series={[{ name: 'rewards', label: t('programme.rewardsSeries'), color }]}
        valueFormatter={valueFormatter}
      />
    </ChartCard>
  );
}
