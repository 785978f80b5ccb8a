/** The purchase popup's footer (docs/behaviour/pricing-and-purchase.md#purchase-popup): credits info, secure payment, support, money-back. */
import { useTranslation } from "react-i18next";

const ITEMS = ["creditsInfo", "securePayment", "support", "moneyBack"] as const;

export function BuyFooter() {
  const { t } = useTranslation("pricing");
  return (
    <ul className="acc-buy-footer">
      {ITEMS.map((key) => (
        <li key={key}>{t(`footer.${key}`)}</li>
      ))}
    </ul>
  );
}
