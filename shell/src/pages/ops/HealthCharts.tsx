import { useEffect, useRef } from 'react';
import styled from 'styled-components';
// chart.js v4, registered explicitly (only what a line chart needs): this module is part of the /ops
// page's own chunk, so the library is fetched only when an operator opens /ops.
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartDataset } from 'chart.js';
import type { RolloutSeriesPoint } from '@fitconnect/contracts/src/rollout';
// Concrete colours of the active palette (styled-components' theme holds CSS variables, which a canvas cannot use).
import { useAppTheme, visuallyHidden } from '@fitconnect/shared-ui';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

const Figure = styled.figure`
  margin: 0;
  min-width: 0;
  figcaption {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;
const CanvasBox = styled.div`
  position: relative;
  height: 220px;
  width: 100%;
`;
const Charts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: 1fr;
  @media (min-width: 900px) {
    grid-template-columns: 1fr 1fr;
  }
`;
const TableWrap = styled.div`
  overflow-x: auto;
  margin-top: ${({ theme }) => theme.space.sm};
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  th,
  td {
    text-align: left;
    padding: 4px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  caption {
    text-align: left;
    ${visuallyHidden}
  }
`;
const Details = styled.details`
  margin-top: ${({ theme }) => theme.space.sm};
  summary {
    cursor: pointer;
  }
`;

const time = (iso: string) => new Date(iso).toISOString().slice(11, 16);
const rate = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : null);

interface LineChartProps {
  label: string;
  unit: string;
  labels: string[];
  datasets: ChartDataset<'line', (number | null)[]>[];
}

function LineChart({ label, unit, labels, datasets }: LineChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useAppTheme();
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: { labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color: theme.colors.text,
        scales: {
          x: { ticks: { color: theme.colors.textMuted }, grid: { color: theme.colors.border } },
          y: { beginAtZero: true, ticks: { color: theme.colors.textMuted }, grid: { color: theme.colors.border }, title: { display: true, text: unit, color: theme.colors.textMuted } },
        },
        plugins: { legend: { labels: { color: theme.colors.text } } },
      },
    });
    return () => chart.destroy();
  }, [labels, datasets, theme, unit]);
  return (
    <Figure>
      <figcaption>{label}</figcaption>
      <CanvasBox>
        {/* The table below is the text alternative of this chart. */}
        <canvas ref={canvas} role="img" aria-label={`${label}: a chart over time; the same numbers are in the table below`} />
      </CanvasBox>
    </Figure>
  );
}

/** An area's health over time: error and API 5xx rates, LCP and INP p75, per version; a table as text alternative. */
export function HealthCharts({ area, series }: { area: string; series: RolloutSeriesPoint[] }) {
  const theme = useAppTheme();
  const labels = [...new Set(series.map((p) => time(p.at)))];
  const byRole = (role: 'stable' | 'candidate', pick: (p: RolloutSeriesPoint) => number | null) =>
    labels.map((l) => {
      const p = series.find((x) => x.role === role && time(x.at) === l);
      return p ? pick(p) : null;
    });
  const color = { candidate: theme.colors.danger, stable: theme.colors.primary };
  const ds = (label: string, role: 'stable' | 'candidate', data: (number | null)[], dashed = false): ChartDataset<'line', (number | null)[]> => ({
    label,
    data,
    borderColor: color[role],
    backgroundColor: color[role],
    borderDash: dashed ? [6, 4] : undefined,
    pointRadius: 3,
    spanGaps: true,
  });
  const errorSets = [
    ds('Errors, candidate', 'candidate', byRole('candidate', (p) => rate(p.errorVisitors, p.visitors))),
    ds('Errors, stable', 'stable', byRole('stable', (p) => rate(p.errorVisitors, p.visitors))),
    ds('API 5xx, candidate', 'candidate', byRole('candidate', (p) => rate(p.api5xxVisitors, p.apiVisitors)), true),
    ds('API 5xx, stable', 'stable', byRole('stable', (p) => rate(p.api5xxVisitors, p.apiVisitors)), true),
  ];
  const vitalSets = [
    ds('LCP p75, candidate', 'candidate', byRole('candidate', (p) => p.lcpP75)),
    ds('LCP p75, stable', 'stable', byRole('stable', (p) => p.lcpP75)),
    ds('INP p75, candidate', 'candidate', byRole('candidate', (p) => p.inpP75), true),
    ds('INP p75, stable', 'stable', byRole('stable', (p) => p.inpP75), true),
  ];
  const fmt = (v: number | null, unit: string) => (v === null ? '–' : `${v}${unit}`);
  return (
    <section aria-label={`Health of ${area} over time`} data-ops-charts={area}>
      <Charts>
        <LineChart label="Visitors with errors (%)" unit="% of visitors" labels={labels} datasets={errorSets} />
        <LineChart label="Web vitals p75 (ms)" unit="ms" labels={labels} datasets={vitalSets} />
      </Charts>
      <Details>
        <summary>Chart data as a table</summary>
        <TableWrap>
          <table>
            <caption>Health of {area} per 5 minutes (UTC) and version</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Version</th>
                <th scope="col">Visitors</th>
                <th scope="col">With errors</th>
                <th scope="col">API 5xx</th>
                <th scope="col">LCP p75</th>
                <th scope="col">INP p75</th>
              </tr>
            </thead>
            <tbody>
              {series.length === 0 ? (
                <tr>
                  <td colSpan={7}>No data yet</td>
                </tr>
              ) : (
                series.map((p) => (
                  <tr key={`${p.at}-${p.version}`}>
                    <td>{time(p.at)}</td>
                    <td>
                      {p.role} {p.version}
                    </td>
                    <td>{p.visitors}</td>
                    <td>{fmt(rate(p.errorVisitors, p.visitors), ' %')}</td>
                    <td>{fmt(rate(p.api5xxVisitors, p.apiVisitors), ' %')}</td>
                    <td>{fmt(p.lcpP75, ' ms')}</td>
                    <td>{fmt(p.inpP75, ' ms')}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableWrap>
      </Details>
    </section>
  );
}
