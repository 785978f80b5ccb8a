/**
 * Prices as the page's language writes them: `Intl.NumberFormat` with the language's tag (core's
 * `languageByCode`) and the price's currency code, so German reads "0,07 $" where English reads
 * "$0.07" (docs/behaviour/pricing-and-purchase.md#prices "Price text"). The amount is core's:
 * callers pass a number core rounded (a price, or the text of `perCreditPrice` /
 * `yearlyMonthlyPrice`), so the rounding stays core's rule and only the writing is the
 * language's. Without a currency code (or one Intl does not know) it falls back to core's
 * `formatPrice` (symbol then amount).
 */
import { languageByCode, type LanguageCode } from "@aivg/core/rules";
import { formatPrice } from "@aivg/core/later";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";

export interface Money {
  /** The amount, a number or core's two-decimal text. */
  amount: number | string;
  /** ISO 4217 code, e.g. USD. */
  currency?: string | null;
  /** The symbol the server gave, for the fallback. */
  symbol?: string | null;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(tag: string, currency: string): Intl.NumberFormat | null {
  const key = `${tag}|${currency}`;
  const known = formats.get(key);
  if (known) return known;
  try {
    const made = new Intl.NumberFormat(tag, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, made);
    return made;
  } catch {
    return null;
  }
}

/** The price text of `money` in `language`; "" when the amount is no number. */
export function formatMoney(money: Money, language: LanguageCode): string {
  const amount = typeof money.amount === "number" ? money.amount : Number(money.amount);
  if (!Number.isFinite(amount) || amount < 0) return "";
  const currency = (money.currency ?? "").trim().toUpperCase();
  const format = /^[A-Z]{3}$/.test(currency) ? numberFormat(languageByCode(language).tag, currency) : null;
  if (format) return format.format(amount);
  try {
    return formatPrice(amount, money.symbol ?? "");
  } catch {
    return "";
  }
}

/** A formatter for the page's language. */
export function useMoney(): (money: Money) => string {
  const language = useAtomValue(languageAtom);
  return (money) => formatMoney(money, language);
}
