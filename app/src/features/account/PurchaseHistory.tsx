/**
 * The user's purchases and the plans they started, in the account panel
 * (docs/behaviour/pricing-and-purchase.md#purchase-popup `GET /v1/verify/record`, answer not shown:
 * the server answers `{list: [{trade_id, name, kind, created_at, level, expired_time, is_expired,
 * is_free_trial}], total}`). Decided: a "Purchase history" entry that opens the latest few under
 * it, each with its date and, for plans, until when it runs (or that it ended); loaded when opened,
 * so the panel itself makes no call.
 */
import { getVerifyRecord, tagForCode } from "@aivg/core/rules";

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";

/** How many the panel lists (the latest; presentation). */
const SHOWN = 5;

interface Purchase {
  id: string;
  name: string;
  dateS: number;
  /** Plans only: when it ends, epoch seconds. */
  untilS: number;
  ended: boolean;
  trial: boolean;
}

export function readPurchases(raw: unknown): Purchase[] {
  const list = (raw as { list?: unknown } | null)?.list;
  return (Array.isArray(list) ? list : []).flatMap((r) => {
    const o = (r ?? {}) as Record<string, unknown>;
    if (typeof o.trade_id !== "string") return [];
    return [
      {
        id: o.trade_id,
        name: String(o.name ?? ""),
        dateS: Number(o.created_at) || 0,
        untilS: Number(o.expired_time) || 0,
        ended: o.is_expired === 1,
        trial: o.is_free_trial === 1,
      },
    ];
  });
}

export function PurchaseHistory() {
  const { t } = useTranslation("account");
  const language = useAtomValue(languageAtom);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<Purchase[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    getVerifyRecord({ page: 1, page_size: SHOWN })
      .then((raw) => live && setList(readPurchases(raw)))
      .catch((e: unknown) => {
        console.warn("purchase history not loaded", e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [open]);
  const date = (s: number) => new Date(s * 1000).toLocaleDateString(tagForCode(language));
  return (
    <>
      <button type="button" className="acc-menu-item" aria-expanded={open} data-testid="purchase-history" onClick={() => setOpen((o) => !o)}>
        {t("purchases.title")}
      </button>
      {open ? (
        <ul className="acc-panel__languages" data-testid="purchase-list">
          {failed ? <li className="acc-menu-item">{t("purchases.failed")}</li> : null}
          {list?.length === 0 ? <li className="acc-menu-item">{t("purchases.empty")}</li> : null}
          {list?.map((p) => (
            <li key={p.id} className="acc-menu-item">
              {t("purchases.line", { name: p.name, date: date(p.dateS) })}
              {p.untilS > 0 ? (
                <span className="acc-panel__email">
                  {p.ended ? t("purchases.ended") : t(p.trial ? "purchases.trialUntil" : "purchases.until", { date: date(p.untilS) })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
