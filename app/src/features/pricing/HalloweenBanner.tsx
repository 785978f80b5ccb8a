/**
 * The halloween banner at the top of the buy dialog
 * (docs/behaviour/pricing-and-purchase.md#purchase-popup): shown on the days core's
 * `halloweenBannerActive` names (24 to 31 October in the visitor's zone), with the discount as the
 * interface language writes it (core's `halloweenDiscount`: 20% off, 8折 in Chinese). Its text takes
 * the largest size that fits the banner, 12 to 34 px (core's `bannerTextSize`, from the text's
 * width measured at the largest size), and refits when the banner's width changes. A second line
 * says the discount is for pay-as-you-go credits: plans keep their price (core's `packDiscount`,
 * which the checkout charges).
 */
import { pricingConstants } from "@aivg/core/rules";
import { bannerTextSize, halloweenDiscount } from "@aivg/core/later";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import { useHalloweenSeason } from "./halloweenSeason";

/** The largest text size, where the text is measured (core clamps between its bounds). */
const MEASURE_AT_PX = pricingConstants().bannerTextMaxPx;

export function HalloweenBanner() {
  const { t } = useTranslation("pricing");
  const language = useAtomValue(languageAtom);
  const box = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const [size, setSize] = useState(MEASURE_AT_PX);
  // The season as of the dialog's opening (the banner is mounted with the dialog's content).
  const active = useHalloweenSeason();
  const discount = halloweenDiscount(language);
  const label = discount.style === "zhe" ? t("halloween.zhe", { value: discount.value }) : t("halloween.percentOff", { value: discount.value });

  useLayoutEffect(() => {
    const boxEl = box.current;
    const textEl = text.current;
    if (!active || !boxEl || !textEl) return;
    const fit = () => {
      // Measured on one line at the largest size; below the smallest size the text wraps.
      textEl.style.whiteSpace = "nowrap";
      textEl.style.fontSize = `${MEASURE_AT_PX}px`;
      const width = textEl.getBoundingClientRect().width;
      const next = bannerTextSize(boxEl.clientWidth, width);
      textEl.style.fontSize = `${next}px`;
      textEl.style.whiteSpace = "";
      setSize(next);
    };
    fit();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(fit);
    observer?.observe(boxEl);
    return () => observer?.disconnect();
  }, [active, label]);

  if (!active) return null;
  return (
    <div className="acc-halloween" ref={box} data-testid="halloween-banner" data-font-size={size}>
      <span className="acc-halloween__text" ref={text} style={{ fontSize: `${size}px` }} data-testid="halloween-text">
        {label}
      </span>
      <span className="acc-halloween__scope">{t("halloween.packsOnly")}</span>
    </div>
  );
}
