/**
 * The console's Users: search by e-mail, id or uid; one account with its balance, ledger and
 * tasks; credits granted (positive) or taken (negative) with a required reason, which the user
 * reads in their credit history (the server refuses a change without one).
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { changeCredits, getUser, searchUsers, setDisabled, signOutEverywhere, type UserDetail, type UserRow } from "./adminApi";
import type { AdminT } from "./adminTexts";

/** Between the parts of a ledger or task line. */
const SEP = " · ";
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function CreditForm({ t, id, onDone }: { t: AdminT; id: number; onDone: (note: string) => void }) {
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="admin-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        changeCredits(id, Number(delta), reason)
          .then((r) => {
            setDelta("");
            setReason("");
            onDone(t("users.moved", { moved: r.moved, balance: r.balance }));
          })
          .catch((err: unknown) => setError(message(err)));
      }}
    >
      <h3 className="admin-subtitle">{t("users.change")}</h3>
      <label>
        {t("users.delta")}
        <input type="number" step={1} required value={delta} onChange={(e) => setDelta(e.target.value)} data-testid="admin-credit-delta" />
      </label>
      <label>
        {t("users.reason")}
        <input type="text" required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-credit-reason" />
      </label>
      <button type="submit" className="button button--primary" data-testid="admin-credit-apply">
        {t("users.apply")}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}

function Detail({ t, id, onBack }: { t: AdminT; id: number; onBack: () => void }) {
  const { i18n } = useTranslation();
  const [detail, setDetail] = useState<UserDetail | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    getUser(id)
      .then(setDetail)
      .catch((e: unknown) => setError(message(e)));
  }, [id]);
  useEffect(load, [load]);
  if (error) return <p role="alert">{t("failed", { error })}</p>;
  if (!detail) return <p>{t("loading")}</p>;
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  return (
    <div data-testid="admin-user">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {t("users.back")}
      </button>
      <h2 className="admin-subtitle">{detail.user.email}</h2>
      <dl className="admin-cards">
        <div className="admin-card">
          <dt>{t("users.balance")}</dt>
          <dd data-testid="admin-user-balance">{detail.balance}</dd>
        </div>
        <div className="admin-card">
          <dt>{t("users.role")}</dt>
          <dd>{detail.user.role}</dd>
        </div>
        <div className="admin-card">
          <dt>{t("users.sessions")}</dt>
          <dd>{detail.sessions}</dd>
        </div>
        <div className="admin-card">
          <dt>{t("users.state")}</dt>
          <dd data-testid="admin-user-state">{detail.user.disabled ? t("users.stateDisabled") : t("users.stateEnabled")}</dd>
        </div>
      </dl>
      <h3 className="admin-subtitle">{t("users.access")}</h3>
      <div className="admin-actions">
        <button
          type="button"
          className="button button--secondary"
          data-testid="admin-sign-out"
          onClick={() => {
            signOutEverywhere(id)
              .then((r) => {
                setNote(t("users.signedOut", { count: r.sessions_ended }));
                load();
              })
              .catch((e: unknown) => setNote(message(e)));
          }}
        >
          {t("users.signOut")}
        </button>
        <button
          type="button"
          className="button button--secondary"
          data-testid="admin-toggle-disabled"
          onClick={() => {
            setDisabled(id, !detail.user.disabled)
              .then(() => load())
              .catch((e: unknown) => setNote(message(e)));
          }}
        >
          {detail.user.disabled ? t("users.enable") : t("users.disable")}
        </button>
      </div>
      {note ? (
        <p role="status" data-testid="admin-credit-note">
          {note}
        </p>
      ) : null}
      <CreditForm
        t={t}
        id={id}
        onDone={(text) => {
          setNote(text);
          load();
        }}
      />
      <h3 className="admin-subtitle">{t("users.ledger")}</h3>
      <ul className="admin-list">
        {detail.ledger.map((row) => (
          <li key={row.id}>{[date(row.date * 1000), `${row.type === "Consumption" ? "−" : "+"}${row.credits}`, row.details || row.reason].join(SEP)}</li>
        ))}
      </ul>
      <h3 className="admin-subtitle">{t("users.tasks")}</h3>
      {detail.tasks.length === 0 ? (
        <p>{t("users.noTasks")}</p>
      ) : (
        <ul className="admin-list">
          {detail.tasks.map((task) => (
            <li key={task.task_id}>{[date(task.created_ms), task.algorithm, task.status, String(task.credits)].join(SEP)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function UsersTab({ t }: { t: AdminT }) {
  const [q, setQ] = useState("");
  const [rows, setRows] = useState<UserRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const search = useCallback((text: string) => {
    searchUsers(text)
      .then(setRows)
      .catch((e: unknown) => setError(message(e)));
  }, []);
  useEffect(() => search(""), [search]);
  if (open !== null) return <Detail t={t} id={open} onBack={() => setOpen(null)} />;
  return (
    <>
      <form
        className="admin-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(q.trim());
        }}
      >
        <input
          type="search"
          value={q}
          aria-label={t("users.search")}
          placeholder={t("users.search")}
          onChange={(e) => setQ(e.target.value)}
          data-testid="admin-user-search"
        />
        <button type="submit" className="button button--secondary">
          {t("users.searchButton")}
        </button>
      </form>
      {error ? <p role="alert">{t("failed", { error })}</p> : null}
      {rows && rows.length === 0 ? <p>{t("users.none")}</p> : null}
      {rows && rows.length > 0 ? (
        <table className="admin-table" tabIndex={0}>
          <thead>
            <tr>
              <th scope="col">{t("users.email")}</th>
              <th scope="col">{t("users.id")}</th>
              <th scope="col">{t("users.role")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <td>
                  <button type="button" className="admin-link" onClick={() => setOpen(u.id)} data-testid="admin-user-open">
                    {u.email}
                  </button>
                </td>
                <td>{u.id}</td>
                <td>{u.role}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
