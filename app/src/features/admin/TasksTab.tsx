/**
 * The console's Tasks: every user's tasks filtered by user, module, status, engine and time
 * (`GET /v1/admin/tasks`, 50 a page); one task with its inputs, outputs, engine, prompt id,
 * timings and error; retry, cancel and refund (refund only while the server says it may: a
 * failed or cancelled task with nothing refunded yet).
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getTask, listTasks, taskAction, type TaskDetail, type TaskFilters, type TaskLine } from "./adminApi";
import type { AdminT } from "./adminTexts";

/** Between the parts of a heading. */
const SEP = " · ";
const STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"];
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const EMPTY: TaskFilters = { user: "", module: "", status: "", engine: "" };

/** A `datetime-local` value as epoch milliseconds (undefined when empty). */
const toMs = (local: string) => (local ? new Date(local).getTime() : undefined);

function useDate() {
  const { i18n } = useTranslation();
  return (ms: number) => (ms > 0 ? new Date(ms).toLocaleString(i18n.language) : "—");
}

function Detail({ t, id, onBack }: { t: AdminT; id: string; onBack: () => void }) {
  const date = useDate();
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    getTask(id)
      .then(setDetail)
      .catch((e: unknown) => setError(message(e)));
  }, [id]);
  useEffect(load, [load]);
  if (error) return <p role="alert">{t("failed", { error })}</p>;
  if (!detail) return <p>{t("loading")}</p>;
  const task = detail.task;
  const open = task.status === "queued" || task.status === "running";
  const act = (action: "retry" | "cancel" | "refund") => {
    setBusy(true);
    setNote(null);
    taskAction(id, action)
      .then((r) => {
        setNote(action === "retry" ? t("tasks.retried", { id: r.task_id ?? "" }) : t(`tasks.${action}Done`));
        load();
      })
      .catch((e: unknown) => setNote(message(e)))
      .finally(() => setBusy(false));
  };
  const outputs = task.result?.outputs ?? [];
  return (
    <div data-testid="admin-task">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {t("tasks.back")}
      </button>
      <h2 className="admin-subtitle">{[task.algorithm, task.task_id].join(SEP)}</h2>
      <dl className="admin-cards">
        <div className="admin-card">
          <dt>{t("tasks.status")}</dt>
          <dd data-testid="admin-task-status">{task.status}</dd>
        </div>
        <div className="admin-card">
          <dt>{t("tasks.owner")}</dt>
          <dd className="admin-card-text">{detail.email}</dd>
        </div>
        <div className="admin-card">
          <dt>{t("tasks.credits")}</dt>
          <dd>{task.credits}</dd>
        </div>
        <div className="admin-card">
          <dt>{t("tasks.refundedTitle")}</dt>
          <dd data-testid="admin-task-refunded">{task.refunded ? t("tasks.yes") : t("tasks.no")}</dd>
        </div>
      </dl>
      <dl className="admin-facts">
        <dt>{t("tasks.engine")}</dt>
        <dd>{detail.engine || "—"}</dd>
        <dt>{t("tasks.backend")}</dt>
        <dd>{detail.backend || "—"}</dd>
        <dt>{t("tasks.promptId")}</dt>
        <dd>{detail.prompt_id ? <code>{detail.prompt_id}</code> : "—"}</dd>
        <dt>{t("tasks.created")}</dt>
        <dd>{date(detail.created_ms)}</dd>
        <dt>{t("tasks.started")}</dt>
        <dd>{date(detail.started_ms)}</dd>
        <dt>{t("tasks.finished")}</dt>
        <dd>{date(detail.finished_ms)}</dd>
        {task.retry_of ? (
          <>
            <dt>{t("tasks.retryOf")}</dt>
            <dd>
              <code>{task.retry_of}</code>
            </dd>
          </>
        ) : null}
        <dt>{t("tasks.error")}</dt>
        <dd data-testid="admin-task-error">{task.error || "—"}</dd>
      </dl>
      <div className="admin-actions">
        <button type="button" className="button button--secondary" disabled={busy || open} onClick={() => act("retry")}>
          {t("tasks.retry")}
        </button>
        <button type="button" className="button button--secondary" disabled={busy || !open} onClick={() => act("cancel")}>
          {t("tasks.cancel")}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !detail.can_refund}
          onClick={() => act("refund")}
          data-testid="admin-task-refund"
        >
          {t("tasks.refund")}
        </button>
      </div>
      {note ? (
        <p role="status" data-testid="admin-task-note">
          {note}
        </p>
      ) : null}
      <h3 className="admin-subtitle">{t("tasks.inputs")}</h3>
      <pre className="admin-json">{JSON.stringify(task.data, null, 2)}</pre>
      <h3 className="admin-subtitle">{t("tasks.outputs")}</h3>
      {outputs.length === 0 ? (
        <p>{t("tasks.noOutputs")}</p>
      ) : (
        <ul className="admin-list">
          {outputs.map((o, n) => (
            <li key={o.url}>
              <a href={o.url} target="_blank" rel="noreferrer">
                {t("tasks.output", { n: n + 1, kind: o.media_type || o.ext })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Filters({ t, onSearch }: { t: AdminT; onSearch: (f: TaskFilters) => void }) {
  const [f, setF] = useState({ ...EMPTY, from: "", to: "" });
  const field = (key: "user" | "module" | "engine", label: string) => (
    <label>
      {label}
      <input type="text" value={f[key]} maxLength={254} onChange={(e) => setF({ ...f, [key]: e.target.value })} data-testid={`admin-task-${key}`} />
    </label>
  );
  return (
    <form
      className="admin-form"
      role="search"
      aria-label={t("tasks.filters")}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch({ user: f.user, module: f.module, status: f.status, engine: f.engine, from: toMs(f.from), to: toMs(f.to) });
      }}
    >
      {field("user", t("tasks.user"))}
      {field("module", t("tasks.module"))}
      <label>
        {t("tasks.status")}
        <select value={f.status} onChange={(e) => setF({ ...f, status: e.target.value })} data-testid="admin-task-status-filter">
          <option value="">{t("tasks.any")}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {field("engine", t("tasks.engine"))}
      <label>
        {t("tasks.from")}
        <input type="datetime-local" value={f.from} onChange={(e) => setF({ ...f, from: e.target.value })} />
      </label>
      <label>
        {t("tasks.to")}
        <input type="datetime-local" value={f.to} onChange={(e) => setF({ ...f, to: e.target.value })} />
      </label>
      <button type="submit" className="button button--secondary">
        {t("tasks.search")}
      </button>
    </form>
  );
}

export function TasksTab({ t }: { t: AdminT }) {
  const date = useDate();
  const [filters, setFilters] = useState<TaskFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ list: TaskLine[]; total: number; page_size: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    if (open !== null) return;
    let live = true;
    listTasks(filters, page)
      .then((r) => live && setRows(r))
      .catch((e: unknown) => live && setError(message(e)));
    return () => {
      live = false;
    };
  }, [filters, page, open]);
  if (open !== null) return <Detail t={t} id={open} onBack={() => setOpen(null)} />;
  const pages = rows ? Math.max(1, Math.ceil(rows.total / rows.page_size)) : 1;
  return (
    <>
      <Filters
        t={t}
        onSearch={(f) => {
          setError(null);
          setPage(1);
          setFilters(f);
        }}
      />
      {error ? <p role="alert">{t("failed", { error })}</p> : null}
      {rows && rows.list.length === 0 ? <p>{t("tasks.none")}</p> : null}
      {rows && rows.list.length > 0 ? (
        <>
          <table className="admin-table" tabIndex={0} data-testid="admin-tasks">
            <thead>
              <tr>
                {["created", "owner", "module", "status", "credits", "engine"].map((k) => (
                  <th key={k} scope="col">
                    {t(`tasks.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.list.map((task) => (
                <tr key={task.task_id} data-testid="admin-task-row">
                  <td>
                    <button type="button" className="admin-link" onClick={() => setOpen(task.task_id)} data-testid="admin-task-open">
                      {date(task.created_ms)}
                    </button>
                  </td>
                  <td>{task.email}</td>
                  <td>{task.algorithm}</td>
                  <td>{task.status}</td>
                  <td>
                    {task.credits}
                    {task.refunded ? ` (${t("tasks.refunded")})` : ""}
                  </td>
                  <td>{task.engine || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="admin-actions admin-pager">
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t("tasks.previous")}
            </button>
            <span>{t("tasks.page", { page, pages, total: rows.total })}</span>
            <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t("tasks.next")}
            </button>
          </div>
        </>
      ) : null}
    </>
  );
}
