/** The console's Overview: the counts of `GET /v1/admin/overview`. */
import { useEffect, useState } from "react";
import { getOverview, type Overview } from "./adminApi";
import type { AdminT } from "./adminTexts";

export function OverviewTab({ t }: { t: AdminT }) {
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getOverview()
      .then(setData)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  if (error) return <p role="alert">{t("failed", { error })}</p>;
  if (!data) return <p>{t("loading")}</p>;
  const cards: [string, number][] = [
    ["users", data.users],
    ["signups", data.signups_7d],
    ["queue", data.queue_depth],
    ["granted", data.credits_granted],
    ["spent", data.credits_spent],
  ];
  return (
    <>
      <dl className="admin-cards" data-testid="admin-overview">
        {cards.map(([key, value]) => (
          <div key={key} className="admin-card">
            <dt>{t(`overview.${key}`)}</dt>
            <dd>{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <h2 className="admin-subtitle">{t("overview.tasksByStatus")}</h2>
      {data.tasks.length === 0 ? <p>{t("users.noTasks")}</p> : null}
      <table className="admin-table" hidden={data.tasks.length === 0}>
        <thead>
          <tr>
            <th scope="col">{t("overview.status")}</th>
            <th scope="col">{t("overview.count")}</th>
          </tr>
        </thead>
        <tbody>
          {data.tasks.map((row) => (
            <tr key={row.status}>
              <td>{row.status}</td>
              <td>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
