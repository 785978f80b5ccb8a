/**
 * The console's Engines: each ComfyUI server and fal as `aivg-server engines` sees them (up or
 * down, queue, running prompts, last error, the modules each can run and what each lacks), a
 * server taken out of rotation and back, and every module's route (`GET /v1/admin/engines`).
 */
import { useCallback, useEffect, useState } from "react";
import { getEngines, setRotation, type EnginesReport, type Missing } from "./adminApi";
import type { AdminT } from "./adminTexts";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Modules({ t, canRun, missing }: { t: AdminT; canRun: string[]; missing: Missing[] }) {
  return (
    <>
      <p className="admin-small">
        <strong>{t("engines.canRun", { count: canRun.length })}</strong> {canRun.join(", ") || "—"}
      </p>
      {missing.length > 0 ? (
        <details className="admin-details">
          <summary>{t("engines.missing", { count: missing.length })}</summary>
          <ul className="admin-list">
            {missing.map((m) => (
              <li key={m.module}>{t("engines.lack", { module: m.module, what: m.what })}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function RotationButton({ t, id, inRotation, onDone }: { t: AdminT; id: string; inRotation: boolean; onDone: (note: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      data-testid={`admin-rotation-${id}`}
      onClick={() => {
        setBusy(true);
        setRotation(id, !inRotation)
          .then((r) => onDone(r.in_rotation ? t("engines.putBack", { id }) : t("engines.takenOut", { id })))
          .catch((e: unknown) => onDone(message(e)))
          .finally(() => setBusy(false));
      }}
    >
      {inRotation ? t("engines.takeOut") : t("engines.bringBack")}
    </button>
  );
}

export function EnginesTab({ t }: { t: AdminT }) {
  const [report, setReport] = useState<EnginesReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback(() => {
    getEngines()
      .then(setReport)
      .catch((e: unknown) => setError(message(e)));
  }, []);
  useEffect(load, [load]);
  if (error) return <p role="alert">{t("failed", { error })}</p>;
  if (!report) return <p>{t("engines.probing")}</p>;
  const done = (text: string) => {
    setNote(text);
    load();
  };
  return (
    <div data-testid="admin-engines">
      <div className="admin-actions">
        <button type="button" className="button button--secondary" onClick={load}>
          {t("engines.refresh")}
        </button>
      </div>
      {note ? (
        <p role="status" data-testid="admin-engines-note">
          {note}
        </p>
      ) : null}
      <h2 className="admin-subtitle">{t("engines.comfyui")}</h2>
      {report.comfyui.length === 0 ? <p>{t("engines.noComfy")}</p> : null}
      <div className="admin-engine-list">
        {report.comfyui.map((s) => (
          <article key={s.id} className="admin-engine" data-testid="admin-engine" aria-labelledby={`engine-${s.id}`}>
            <h3 id={`engine-${s.id}`} className="admin-engine-title">
              {s.id} <span className="admin-small">{s.url}</span>
            </h3>
            <p className="admin-badges">
              <span className={`admin-badge ${s.up ? "admin-badge--ok" : "admin-badge--bad"}`}>{s.up ? t("engines.up") : t("engines.down")}</span>
              <span className={`admin-badge ${s.in_rotation ? "admin-badge--ok" : "admin-badge--warn"}`} data-testid="admin-engine-rotation">
                {s.in_rotation ? t("engines.inRotation") : t("engines.outOfRotation")}
              </span>
            </p>
            <dl className="admin-facts">
              <dt>{t("engines.running")}</dt>
              <dd>{s.running.length > 0 ? s.running.join(", ") : "0"}</dd>
              <dt>{t("engines.queue")}</dt>
              <dd>{s.pending}</dd>
              <dt>{t("engines.nodeTypes")}</dt>
              <dd>{s.node_types}</dd>
              <dt>{t("engines.lastError")}</dt>
              <dd>{s.error || "—"}</dd>
            </dl>
            <Modules t={t} canRun={s.can_run} missing={s.missing} />
            <RotationButton t={t} id={s.id} inRotation={s.in_rotation} onDone={done} />
          </article>
        ))}
      </div>
      <h2 className="admin-subtitle">{t("engines.fal")}</h2>
      {report.fal ? (
        <article className="admin-engine" data-testid="admin-engine-fal">
          <p className="admin-small">{report.fal.description}</p>
          <p className="admin-badges">
            <span className={`admin-badge ${report.fal.in_rotation ? "admin-badge--ok" : "admin-badge--warn"}`}>
              {report.fal.in_rotation ? t("engines.inRotation") : t("engines.outOfRotation")}
            </span>
          </p>
          <Modules t={t} canRun={report.fal.can_run} missing={report.fal.missing} />
          <RotationButton t={t} id={report.fal.id} inRotation={report.fal.in_rotation} onDone={done} />
        </article>
      ) : (
        <p>{t("engines.noFal")}</p>
      )}
      <h2 className="admin-subtitle">{t("engines.routes")}</h2>
      <p className="admin-small">{report.source}</p>
      <table className="admin-table" tabIndex={0}>
        <thead>
          <tr>
            <th scope="col">{t("engines.module")}</th>
            <th scope="col">{t("engines.runsOn")}</th>
            <th scope="col">{t("engines.order")}</th>
            <th scope="col">{t("engines.skipped")}</th>
          </tr>
        </thead>
        <tbody>
          {report.routes.map((r) => (
            <tr key={r.module}>
              <td>{r.module}</td>
              <td>{r.runs_on ? `${r.runs_on} (${r.what})` : t("engines.cannotRun")}</td>
              <td>{r.order.join(" → ")}</td>
              <td>{r.skipped.map((s) => `${s.module}: ${s.what}`).join("; ") || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
