/**
 * The bar chart of sessions per week (chart.js v4), loaded only by My Training (React.lazy): only the bar
 * controller, its element, two scales and the tooltip are registered, so the chunk carries nothing else. The
 * canvas is hidden from assistive technology: the same numbers are in the table next to it (WeeksTable).
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useAppTheme } from '@fitconnect/shared-ui';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { TrainingWeek } from '@fitconnect/contracts';
import { weekLabel } from '../lib/format';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const Box = styled.div`
  position: relative;
  height: 240px;
  width: 100%;
`;

export function WeeklyChart({ weeks }: { weeks: TrainingWeek[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Concrete colours for the canvas (styled components' theme colours are CSS custom properties).
  const theme = useAppTheme();
  useEffect(() => {
    const el = canvas.current;
    if (!el || !el.getContext('2d')) return;
    const c = theme.colors;
    const chart = new Chart(el, {
      type: 'bar',
      data: {
        labels: weeks.map((w) => weekLabel(w.weekStart)),
        datasets: [{ label: 'Sessions', data: weeks.map((w) => w.sessions), backgroundColor: c.primary, borderRadius: 4, maxBarThickness: 36 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => {
                const w = weeks[item.dataIndex];
                return `${w.sessions} ${w.sessions === 1 ? 'session' : 'sessions'}, ${w.minutes} min`;
              },
            },
          },
        },
        scales: {
          x: { ticks: { color: c.textMuted, maxRotation: 0, autoSkip: true }, grid: { display: false }, border: { color: c.border } },
          y: { beginAtZero: true, ticks: { color: c.textMuted, precision: 0 }, grid: { color: c.border }, border: { display: false } },
        },
      },
    });
    return () => chart.destroy();
  }, [weeks, theme]);
  return (
    <Box aria-hidden="true" data-testid="weekly-chart">
      <canvas ref={canvas} />
    </Box>
  );
}

export default WeeklyChart;
