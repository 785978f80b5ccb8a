/** The 24-hour promo countdown (docs/behaviour/ads-and-experiments.md#promotions): core's `promoCountdown`, ticking every second. */
import { adsConstants, promoCountdown } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { timeZone } from "./adSlots";

const pad = (n: number) => String(n).padStart(2, "0");

export function PromoCountdown() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), adsConstants().countdownTickMs);
    return () => clearInterval(timer);
  }, []);
  const { hours, minutes, seconds } = promoCountdown(now, timeZone());
  const text = [hours, minutes, seconds].map(pad).join(":");
  return (
    <span className="acc-countdown" role="timer">
      {text}
    </span>
  );
}
