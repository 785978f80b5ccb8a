/**
 * The console's Payments: trades (purchases) with their buyer, SKU, amount, status and Stripe
 * ids; a refund of a Stripe purchase with a reason (`POST /v1/admin/payments/{id}/refund`, the
 * credits go back when Stripe's charge.refunded webhook arrives); and the Stripe events received
 * with what each did (`GET /v1/admin/payments`, `/v1/admin/payments/events`).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { listPaymentEvents, listTrades, refundTrade, type PaymentEvent, type Trade } from "./adminApi";
import type { AdminT } from "./adminTexts";

function money(lang: string, cents: number, currency: string): string {
  try {
    return (cents / 100).toLocaleString(lang, { style: "currency", currency });
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A product as the table shows it: its name and SKU id. */
function skuText(tr: Trade): string {
  return `${tr.sku_name} (${tr.sku_id})`;
}

/** What an event did, in words (the outcome is the webhook's JSON answer). */
function outcomeText(t: AdminT, raw: string): string {
  if (!raw) return t("payments.outcomeUnknown");
  try {
    const o = JSON.parse(raw) as { result?: string; trade_id?: string; credits?: number; reason?: string };
    switch (o.result) {
      case "granted":
        return t("payments.outcomeGranted", { trade: o.trade_id ?? "" });
      case "took_back":
        return t("payments.outcomeTookBack", { count: o.credits ?? 0 });
      case "duplicate":
        return t("payments.outcomeDuplicate");
      case "ignored":
        return t("payments.outcomeIgnored", { reason: o.reason ?? "" });
      default:
        return raw;
    }
  } catch {
    return raw;
  }
}

function RefundForm({ t, lang, trade, onDone }: { t: AdminT; lang: string; trade: Trade; onDone: (message: string) => void }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  // The form replaces the button that opened it: the focus moves to its field, not to the page.
  useEffect(() => input.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    refundTrade(trade.trade_id, reason)
      .then((r) => onDone(t("payments.refunded", { trade: trade.trade_id, refund: r.refund_id })))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  };
  const id = `refund-reason-${trade.trade_id}`;
  return (
    <form className="admin-form" onSubmit={submit} data-testid="admin-refund-form">
      <label htmlFor={id}>
        {t("payments.reason")}
        <input ref={input} id={id} value={reason} onInput={(e) => setReason(e.currentTarget.value)} required maxLength={200} />
      </label>
      <button type="submit" className="button button--primary" disabled={busy} data-testid="admin-refund-confirm">
        {t("payments.confirmRefund", { amount: money(lang, trade.amount_cents, trade.currency) })}
      </button>
      {error ? (
        <p role="alert" className="admin-small">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function PaymentsTab({ t }: { t: AdminT }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [trades, setTrades] = useState<Trade[] | null>(null);
  const [events, setEvents] = useState<PaymentEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = useCallback(() => {
    Promise.all([listTrades(1), listPaymentEvents(1)])
      .then(([tr, ev]) => {
        setTrades(tr.list);
        setEvents(ev.list);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  useEffect(load, [load]);
  if (error) return <p role="alert">{t("failed", { error })}</p>;
  if (!trades || !events) return <p>{t("loading")}</p>;
  const when = (s: number) => new Date(s * 1000).toLocaleString(lang);
  return (
    <>
      <p role="status" className="admin-small" data-testid="admin-payments-status">
        {message}
      </p>
      <h2 className="admin-subtitle">{t("payments.trades")}</h2>
      {trades.length === 0 ? <p>{t("payments.noTrades")}</p> : null}
      <table className="admin-table" tabIndex={0} data-testid="admin-trades" hidden={trades.length === 0}>
        <thead>
          <tr>
            {["when", "trade", "user", "sku", "amount", "status", "stripe", "action"].map((k) => (
              <th key={k} scope="col">
                {t(`payments.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {trades.map((tr) => (
            <tr key={tr.trade_id} data-testid="admin-trade-row" data-trade={tr.trade_id}>
              <td>{when(tr.created_at)}</td>
              <td>{tr.trade_id}</td>
              <td>{tr.email}</td>
              <td>{skuText(tr)}</td>
              <td>
                {money(lang, tr.amount_cents, tr.currency)}
                {tr.credits > 0 ? <span className="admin-small admin-sep">{t("payments.credits", { count: tr.credits })}</span> : null}
              </td>
              <td data-testid="admin-trade-status">
                {t(`payments.statuses.${tr.status}`)}
                {tr.clawed_credits > 0 ? <span className="admin-small admin-sep">{t("payments.clawed", { count: tr.clawed_credits })}</span> : null}
              </td>
              <td className="admin-small">
                {tr.provider === "stripe" ? (
                  <>
                    {[tr.session_id, tr.payment_intent, tr.invoice, tr.refund_id].filter(Boolean).map((id) => (
                      <code key={id} className="admin-id">
                        {id}
                      </code>
                    ))}
                  </>
                ) : (
                  t("payments.testStore")
                )}
              </td>
              <td>
                {tr.refundable ? (
                  open === tr.trade_id ? (
                    <RefundForm
                      t={t}
                      lang={lang}
                      trade={tr}
                      onDone={(m) => {
                        setOpen(null);
                        setMessage(m);
                        load();
                      }}
                    />
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary"
                      data-testid="admin-refund"
                      aria-label={t("payments.refundOf", { trade: tr.trade_id })}
                      onClick={() => setOpen(tr.trade_id)}
                    >
                      {t("payments.refund")}
                    </button>
                  )
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="admin-subtitle">{t("payments.events")}</h2>
      {events.length === 0 ? <p>{t("payments.noEvents")}</p> : null}
      <table className="admin-table" tabIndex={0} data-testid="admin-payment-events" hidden={events.length === 0}>
        <thead>
          <tr>
            {["when", "event", "type", "outcome"].map((k) => (
              <th key={k} scope="col">
                {t(`payments.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={`${e.provider}-${e.event_id}`} data-testid="admin-event-row">
              <td>{when(e.received_at)}</td>
              <td>
                <code className="admin-id">{e.event_id}</code>
              </td>
              <td>{e.type}</td>
              <td>{outcomeText(t, e.outcome)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
