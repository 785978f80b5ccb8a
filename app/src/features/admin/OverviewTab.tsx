/**
 * The console's Overview: today's counts and, over the last 7, 30 or 90 days, daily charts of
 * sign-ups, active users, tasks by status, module and engine, the failure rate, credits granted
 * and spent, revenue and the queue (`GET /v1/admin/overview?days=`).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getOverview, RANGES, type Overview, type Range } from "./adminApi";
import type { AdminT } from "./adminTexts";
import { Chart, type ChartLine } from "./Chart";

/** A keyed series as chart lines, labelled by `label`. */
function linesOf(series: Record<string, number[]>, label: (key: string) => string): ChartLine[] {
  return Object.entries(series).map(([key, values]) => ({ label: label(key), values }));
}

export function OverviewTab({ t }: { t: AdminT }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [days, setDays] = useState<Range>(7);
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getOverview(days)
      .then((o) => live && setData(o))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [days]);
  if (error) return <p role="alert">{t("failed", { error })}</p>;
  if (!data) return <p>{t("loading")}</p>;
  const cards: [string, number][] = [
    ["users", data.users],
    ["signups", data.signups_7d],
    ["queue", data.queue_depth],
    ["granted", data.credits_granted],
    ["spent", data.credits_spent],
  ];
  const s = data.series;
  const status = (k: string) => t(`overview.statuses.${k}`, { defaultValue: k });
  return (
    <>
      <dl className="admin-cards" data-testid="admin-overview">
        {cards.map(([key, value]) => (
          <div key={key} className="admin-card">
            <dt>{t(`overview.${key}`)}</dt>
            <dd>{value.toLocaleString(lang)}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-actions admin-range" role="group" aria-label={t("overview.range")}>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className={`button ${r === days ? "button--primary" : "button--secondary"}`}
            aria-pressed={r === days}
            data-testid={`admin-range-${r}`}
            onClick={() => setDays(r)}
          >
            {t("overview.lastDays", { count: r })}
          </button>
        ))}
      </div>
      <div className="admin-charts" data-testid="admin-charts" data-days={s.days}>
        <Chart
          t={t}
          lang={lang}
          testId="chart-users"
          title={t("overview.chartUsers")}
          start={s.start}
          lines={[
            { label: t("overview.signupsLine"), values: s.signups },
            { label: t("overview.activeLine"), values: s.active_users },
          ]}
        />
        <Chart t={t} lang={lang} testId="chart-status" title={t("overview.chartStatus")} start={s.start} lines={linesOf(s.tasks_by_status, status)} />
        <Chart t={t} lang={lang} testId="chart-module" title={t("overview.chartModule")} start={s.start} lines={linesOf(s.tasks_by_module, (k) => k)} />
        <Chart
          t={t}
          lang={lang}
          testId="chart-engine"
          title={t("overview.chartEngine")}
          start={s.start}
          lines={linesOf(s.tasks_by_engine, (k) => k || t("overview.noEngine"))}
        />
        <Chart
          t={t}
          lang={lang}
          testId="chart-failure"
          title={t("overview.chartFailure")}
          start={s.start}
          kind="rate"
          lines={[{ label: t("overview.failureLine"), values: s.failure_rate }]}
        />
        <Chart
          t={t}
          lang={lang}
          testId="chart-credits"
          title={t("overview.chartCredits")}
          start={s.start}
          lines={[
            { label: t("overview.granted"), values: s.credits_granted },
            { label: t("overview.spent"), values: s.credits_spent },
          ]}
        />
        <Chart
          t={t}
          lang={lang}
          testId="chart-revenue"
          title={t("overview.chartRevenue")}
          start={s.start}
          kind="money"
          lines={Object.entries(s.revenue_cents).map(([currency, cents]) => ({ label: currency, values: cents.map((c) => c / 100) }))}
        />
        <Chart
          t={t}
          lang={lang}
          testId="chart-queue"
          title={t("overview.chartQueue")}
          start={s.start}
          lines={[{ label: t("overview.queue"), values: s.queue_depth }]}
        />
      </div>
      <h2 className="admin-subtitle">{t("overview.tasksByStatus")}</h2>
      {data.tasks.length === 0 ? <p>{t("users.noTasks")}</p> : null}
      <table className="admin-table" tabIndex={0} hidden={data.tasks.length === 0}>
        <thead>
          <tr>
            <th scope="col">{t("overview.status")}</th>
            <th scope="col">{t("overview.count")}</th>
          </tr>
        </thead>
        <tbody>
          {data.tasks.map((row) => (
            <tr key={row.status}>
              <td>{status(row.status)}</td>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
