/**
 * The length and size of an uploaded file as the server read them (`GET /v1/common/oss/mediainfo`,
 * docs/behaviour/uploads.md#uploads): "0:08 · 1.2 MB". Presentation only: the numbers are the
 * server's; the units follow the page language (Intl).
 */
import { tagForCode } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import type { MediaInfo } from "./upload";

/** `m:ss` (or `h:mm:ss`) of a length in seconds, to the nearest second. */
export function clockText(seconds: number): string {
  const s = Math.round(Math.max(0, seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

const KB = 1000;
const MB = KB * KB;

/** Bytes in kB or MB (decimal, as file managers show them), in the page language. */
export function sizeText(bytes: number, locale: string): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, "megabyte"] : [Math.max(bytes, 1) / KB, "kilobyte"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}

export function MediaFacts({ info, testId }: { info: MediaInfo; testId: string }) {
  const { t } = useTranslation("create");
  const size = sizeText(info.size, tagForCode(useAtomValue(languageAtom)));
  return (
    <span className="create-facts" data-testid={testId} data-duration={info.duration} data-size={info.size}>
      {info.duration > 0 ? t("upload.facts", { time: clockText(info.duration), size }) : t("upload.bytes", { size })}
    </span>
  );
}
