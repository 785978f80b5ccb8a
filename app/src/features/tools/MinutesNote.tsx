/**
 * The month's minutes of a metered tool (docs/behaviour/tasks-and-queue.md#minute-metered-tools:
 * the standard plan's 15, 10 and 10 minutes of translate, denoise and vocal remover), as the server
 * counts them (`GET /v1/ai/minutes`): "3:20 of 15:00 min used this month · renews 1 Apr",
 * "Unlimited with your plan", or, for a plan without the tool, what the Standard plan has (core's
 * number). Read again when `refresh` changes.
 */
import { getMinuteUsage, minuteUse, tagForCode, type MinuteTool } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { clockText } from "../create/MediaFacts";
import { languageAtom } from "../language/state";
import { userAtom } from "../session/session";

interface Usage {
  limitMinutes: number | null;
  usedSeconds: number;
  renewsAtMs: number;
}

/** The tool's row of the answer; null when the answer is not one. */
export function readUsage(raw: unknown, tool: MinuteTool): Usage | null {
  const o = (raw ?? {}) as { renews_at?: unknown; list?: unknown };
  const row = (Array.isArray(o.list) ? o.list : []).find((r) => (r as { tool?: unknown } | null)?.tool === tool) as
    { limit_minutes?: unknown; used_seconds?: unknown } | undefined;
  if (!row || typeof o.renews_at !== "number") return null;
  return {
    limitMinutes: typeof row.limit_minutes === "number" ? row.limit_minutes : null,
    usedSeconds: typeof row.used_seconds === "number" ? row.used_seconds : 0,
    renewsAtMs: o.renews_at * 1000,
  };
}

export function MinutesNote({ tool, refresh }: { tool: MinuteTool; refresh: number }) {
  const { t } = useTranslation("tools");
  const language = useAtomValue(languageAtom);
  const user = useAtomValue(userAtom);
  const [usage, setUsage] = useState<Usage | null>(null);
  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    let live = true;
    getMinuteUsage()
      .then((raw) => live && setUsage(readUsage(raw, tool)))
      .catch((e: unknown) => console.warn("minutes not loaded", e));
    return () => {
      live = false;
    };
  }, [uid, tool, refresh]);
  const name = t(`minutes.tool.${tool}`);
  if (!uid || !usage) {
    // Guests (and until the answer comes): what the Standard plan gives, from core.
    return (
      <p className="create-note" data-testid="minutes-note">
        {t("minutes.standard", { tool: name, limit: minuteUse("standard", tool, 0).limitMinutes ?? 0 })}
      </p>
    );
  }
  if (usage.limitMinutes === null)
    return (
      <p className="create-note" data-testid="minutes-note">
        {t("minutes.unlimited", { tool: name })}
      </p>
    );
  if (usage.limitMinutes === 0) {
    return (
      <p className="create-note" data-testid="minutes-note">
        {t("minutes.notIncluded", { tool: name, limit: minuteUse("standard", tool, 0).limitMinutes ?? 0 })}
      </p>
    );
  }
  const renews = new Date(usage.renewsAtMs).toLocaleDateString(tagForCode(language), { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <p className="create-note" data-testid="minutes-note" data-used={usage.usedSeconds} data-limit={usage.limitMinutes}>
      {t("minutes.used", { used: clockText(usage.usedSeconds), limit: clockText(usage.limitMinutes * 60), tool: name, date: renews })}
    </p>
  );
}
