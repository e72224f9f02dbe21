import { useId } from 'react';
import { niceScale } from './format';

export type BarSeries = { key: string; label: string; color: string };
export type BarRow = { key: string; label: string; values: Record<string, number> };

export type BarChartProps = {
  /** Short title (the SVG <title>). */
  title: string;
  /** The full text alternative read by screen readers (aria-label). */
  summary: string;
  series: BarSeries[];
  rows: BarRow[];
  format: (value: number) => string;
  width?: number;
};

const LABEL_W = 190;
const VALUE_W = 70;
const BAR_H = 22;
const GAP = 12;
const TOP = 8;
const AXIS_H = 26;

function truncate(s: string, max = 26): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * Horizontal stacked bar chart drawn in plain SVG (no chart library): one bar per row, a segment per
 * series, the total at the end of the bar, a value axis with round ticks. Each segment has a <title>
 * tooltip; the whole figure is role="img" with a text summary, and the page shows the same data as a table.
 */
export function BarChart({ title, summary, series, rows, format, width = 820 }: BarChartProps) {
  const id = useId();
  const totals = rows.map((r) => series.reduce((s, x) => s + (r.values[x.key] ?? 0), 0));
  const { max, step } = niceScale(Math.max(0, ...totals));
  const plotW = width - LABEL_W - VALUE_W;
  const height = TOP + rows.length * (BAR_H + GAP) + AXIS_H;
  const x = (v: number) => (v / max) * plotW;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step / 1000; v += step) ticks.push(Math.round(v * 1000) / 1000);
  const axisY = TOP + rows.length * (BAR_H + GAP);

  return (
    <svg className="tl-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} aria-describedby={`${id}-desc`} data-testid="grafico-cdc">
      <title>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <g transform={`translate(${LABEL_W},0)`} aria-hidden="true">
        {ticks.map((v) => (
          <g key={v}>
            <line className="tl-chart__grid" x1={x(v)} x2={x(v)} y1={TOP - 4} y2={axisY} />
            <text x={x(v)} y={axisY + 16} textAnchor="middle">
              {format(v)}
            </text>
          </g>
        ))}
        <line className="tl-chart__axis" x1={0} x2={plotW} y1={axisY} y2={axisY} />
      </g>
      {rows.map((r, i) => {
        const y = TOP + i * (BAR_H + GAP);
        let offset = 0;
        return (
          <g key={r.key}>
            <text x={LABEL_W - 8} y={y + BAR_H / 2} dominantBaseline="middle" textAnchor="end">
              <title>{r.label}</title>
              {truncate(r.label)}
            </text>
            <g transform={`translate(${LABEL_W},0)`}>
              {series.map((s) => {
                const v = r.values[s.key] ?? 0;
                if (!v) return null;
                const w = x(v);
                const rect = (
                  <rect key={s.key} x={offset} y={y} width={Math.max(w, 1)} height={BAR_H} fill={s.color} rx={2}>
                    <title>{`${r.label} — ${s.label}: ${format(v)}`}</title>
                  </rect>
                );
                offset += w;
                return rect;
              })}
              <text x={offset + 6} y={y + BAR_H / 2} dominantBaseline="middle" fontWeight={600}>
                {format(totals[i])}
              </text>
            </g>
          </g>
        );
      })}
    </svg>
  );
}

/** Distinct colours for the causali (repeats after ten). */
export const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#faad14', '#f5222d', '#2f54eb', '#a0d911'];
