/**
 * One chart of the console's Overview: daily values drawn with uPlot (a small canvas chart
 * library, loaded only with the console's chunk), in the theme's colours (redrawn when the theme
 * changes), with its text alternatives: a summary read by screen readers (the canvas is an image
 * with that label) and the values as a table under a disclosure.
 */
import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { AdminT } from "./adminTexts";

/** One line of a chart. */
export interface ChartLine {
  label: string;
  values: number[];
}

/** Line colours readable on both themes' backgrounds. */
const PALETTE = ["#7c6cff", "#1f9d6b", "#e5484d", "#d68a00", "#0a8fd1", "#c0399f", "#6f7a8c", "#0f9f96"];

const DAY_S = 86_400;

/** The y axis steps of a count chart. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];

/** A day (epoch seconds, UTC midnight) as the reader's language writes it. */
function dayText(lang: string, s: number): string {
  return new Date(s * 1000).toLocaleDateString(lang, { month: "short", day: "numeric", timeZone: "UTC" });
}

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

/** Bumps when `<html data-theme>` changes, so the canvas is drawn again in the new colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme", "class"] });
    return () => observer.disconnect();
  }, []);
  return version;
}

interface ChartProps {
  t: AdminT;
  lang: string;
  testId: string;
  title: string;
  /** Epoch seconds of the first day. */
  start: number;
  lines: ChartLine[];
  /** `rate`: values are percentages (the summary says average and highest). */
  kind?: "count" | "rate" | "money";
}

function summaryOf({ t, title, lines, kind }: ChartProps, days: number): string {
  const parts = lines.map((line) => {
    const max = line.values.reduce((a, b) => Math.max(a, b), 0);
    const total = line.values.reduce((a, b) => a + b, 0);
    if (kind === "rate") {
      const avg = line.values.length ? total / line.values.length : 0;
      return t("overview.rateSummary", { label: line.label, avg: avg.toFixed(1), max: max.toFixed(1) });
    }
    return t("overview.lineSummary", { label: line.label, total: total.toLocaleString(), max: max.toLocaleString() });
  });
  if (parts.length === 0) return t("overview.chartEmpty", { title, days });
  return t("overview.chartSummary", { title, days, lines: parts.join("; ") });
}

export function Chart(props: ChartProps) {
  const { t, lang, testId, title, start, lines, kind } = props;
  const box = useRef<HTMLDivElement | null>(null);
  const theme = useThemeVersion();
  const days = lines[0]?.values.length ?? 0;
  const xs = Array.from({ length: days }, (_, i) => start + i * DAY_S);

  useEffect(() => {
    const el = box.current;
    if (!el || lines.length === 0) return;
    const axisColor = cssVar("--text-muted", "#888");
    const gridColor = cssVar("--border", "#ccc");
    const axis: uPlot.Axis = {
      stroke: axisColor,
      grid: { stroke: gridColor, width: 1 },
      ticks: { stroke: gridColor, width: 1 },
    };
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: 220,
      cursor: { drag: { x: false, y: false } },
      legend: { show: true },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((s) => dayText(lang, s)) },
        // Counts step by whole numbers (no "0.5 sign-ups"); rates and money keep uPlot's steps.
        kind === undefined || kind === "count" ? { ...axis, size: 56, incrs: COUNT_STEPS } : { ...axis, size: 56 },
      ],
      series: [
        { label: t("overview.day"), value: (_u, v) => (v == null ? "" : dayText(lang, v)) },
        ...lines.map((line, i) => ({
          label: line.label,
          stroke: PALETTE[i % PALETTE.length],
          width: 2,
          points: { show: days <= 31 },
        })),
      ],
    };
    // uPlot is imported when a chart is first drawn, not with the module: at import it reads the
    // screen's pixel ratio (matchMedia), which a page without charts need not do.
    let chart: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let gone = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (gone) return;
      const drawn = new UPlot(opts, [xs, ...lines.map((l) => l.values)], el);
      chart = drawn;
      resize = new ResizeObserver(() => drawn.setSize({ width: Math.max(el.clientWidth, 200), height: 220 }));
      resize.observe(el);
    });
    return () => {
      gone = true;
      resize?.disconnect();
      chart?.destroy();
    };
    // xs derives from start and the lines' length.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, start, lang, theme, t, kind]);

  const fmt = (v: number) =>
    kind === "rate" ? `${v.toFixed(1)} %` : kind === "money" ? v.toLocaleString(lang, { minimumFractionDigits: 2 }) : v.toLocaleString(lang);
  return (
    <figure className="admin-chart" data-testid={testId}>
      <figcaption className="admin-chart-title">{title}</figcaption>
      <div
        ref={box}
        className={lines.length === 0 ? "admin-chart-canvas admin-chart-canvas--empty" : "admin-chart-canvas"}
        role="img"
        aria-label={summaryOf(props, days)}
      />
      {lines.length === 0 ? <p className="admin-small">{t("overview.noData")}</p> : null}
      <details className="admin-chart-data">
        <summary>{t("overview.showTable")}</summary>
        <table className="admin-table" tabIndex={0}>
          <caption className="admin-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("overview.day")}</th>
              {lines.map((l) => (
                <th key={l.label} scope="col">
                  {l.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((x, i) => (
              <tr key={x}>
                <th scope="row">{dayText(lang, x)}</th>
                {lines.map((l) => (
                  <td key={l.label}>{fmt(l.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
