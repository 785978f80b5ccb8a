/**
 * The credit history dialog's body (docs/behaviour/credits-and-checkin.md#the-ledger): a type
 * filter, normalised records (core), infinite scroll with core's 1 px threshold and 100 ms
 * throttle, and the expiry line only when core says it is valid. Loaded when the dialog first opens
 * (CreditHistoryDialog.tsx).
 */
import { getCreditHistory, type CreditRecord, type CreditTypeFilter } from "@aivg/core/rules";
import { creditHistoryAtBottom, creditHistoryConstants } from "@aivg/core/later";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CreditHistoryLoader, type CreditHistoryView } from "./creditHistoryLoader";
import "../overlays/modals.css";

const { scrollThrottleMs } = creditHistoryConstants();
const FILTERS: CreditTypeFilter[] = ["all", "acquisition", "consumption"];

function RecordRow({ record }: { record: CreditRecord }) {
  const { t, i18n } = useTranslation("credits");
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  const expiry =
    record.expiry.type === "indefinite"
      ? t("validIndefinitely")
      : record.expiry.type === "expired"
        ? t("expired")
        : record.expiry.type === "validUntil"
          ? t("validUntil", { date: date(record.expiry.atMs) })
          : "";
  const sign = record.type === "consumption" ? "-" : record.type === "acquisition" ? "+" : "";
  const amount = `${sign}${record.credits}`;
  return (
    <li className="acc-credit-row" data-testid="credit-record" data-type={record.type}>
      <div className="acc-credit-row__main">
        <span className="acc-credit-row__type">{t(`type.${record.type}`)}</span>
        <span className="acc-credit-row__details">{record.details}</span>
        {record.dateMs !== null && <span className="acc-credit-row__date">{date(record.dateMs)}</span>}
      </div>
      <div className="acc-credit-row__side">
        <strong className={`acc-credit-row__credits acc-credit-row__credits--${record.type}`}>{amount}</strong>
        {record.showExpiryLine && expiry && <span className="acc-credit-row__expiry">{expiry}</span>}
        {record.status === "invalid" && <span className="acc-credit-row__invalid">{t("invalid")}</span>}
      </div>
    </li>
  );
}

export default function HistoryBody() {
  const { t } = useTranslation("credits");
  const [view, setView] = useState<CreditHistoryView>({ filter: "all", records: [], loading: true });
  const loader = useRef<CreditHistoryLoader | null>(null);
  const throttled = useRef(false);

  useEffect(() => {
    const l = new CreditHistoryLoader((q) => getCreditHistory(q), setView);
    loader.current = l;
    void l.loadMore();
    return () => {
      loader.current = null;
    };
  }, []);

  const onScroll = (event: React.UIEvent<HTMLElement>) => {
    if (throttled.current) return;
    throttled.current = true;
    const el = event.currentTarget;
    setTimeout(() => {
      throttled.current = false;
      if (creditHistoryAtBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) void loader.current?.loadMore();
    }, scrollThrottleMs);
  };

  return (
    <>
      <div className="acc-credit-filter" role="radiogroup" aria-label={t("filter")}>
        {FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            role="radio"
            aria-checked={view.filter === filter}
            className="aivg-chip"
            onClick={() => void loader.current?.setFilter(filter)}
          >
            {t(`filter_${filter}`)}
          </button>
        ))}
      </div>
      <ul className="acc-credit-list" onScroll={onScroll} data-testid="credit-list">
        {view.records.map((record, index) => (
          <RecordRow key={index} record={record} />
        ))}
        {view.loading && <li className="acc-loader">{t("loading")}</li>}
        {!view.loading && view.records.length === 0 && <li className="acc-credit-empty">{t("empty")}</li>}
      </ul>
    </>
  );
}
