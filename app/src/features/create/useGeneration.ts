/**
 * The Generate button's state, shared by creation, tool, music and effect screens: runs
 * `generate`, keeps the ids of the tasks started here (for the go-back guard)
 * and the latest task as the queue knows it.
 */
import { insufficientCreditsCode, minutesUsedUpCode, requestConstants, taskModule, type HttpError } from "@aivg/core/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { appStore, useAtomValue } from "../../state/jotai";
import { trackVideoGeneration } from "../analytics";
import { openModal } from "../overlays/modalAtoms";
import { openBuyDialog } from "../pricing/buyState";
import { refreshUser, userAtom } from "../session/session";
import { askNotificationPermission } from "../tasks/notify";
import { queueAtom } from "../tasks/taskStore";
import type { Task } from "../tasks/taskTypes";
import { useGoBackGuard } from "../tasks/useGoBackGuard";
import { generate, SensitiveContentError, type GenerateRequest } from "./generate";

/** The server's "not enough credits" code (HTTP 402), from core. */
export const CODE_INSUFFICIENT_CREDITS = insufficientCreditsCode();
/** The server's "needs a paid plan" code (HTTP 403), from core. */
const CODE_UPGRADE_REQUIRED = requestConstants().upgradeRequiredCode;
/** The server's "this month's minutes are used up" code (HTTP 403; docs/behaviour/tasks-and-queue.md#minute-metered-tools), from core. */
const CODE_MINUTES_USED_UP = minutesUsedUpCode();

export function useGeneration() {
  const { t } = useTranslation("create");
  const [ids, setIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The last refusal was for credits: the error offers the buy dialog's credits tab. */
  const [needsCredits, setNeedsCredits] = useState(false);
  /** The last refusal needs a (higher) plan: the error offers the buy dialog's membership tab. */
  const [needsPlan, setNeedsPlan] = useState(false);
  const queue = useAtomValue(queueAtom);
  useGoBackGuard(ids);
  const latestId = ids[ids.length - 1];
  const current: Task | undefined = latestId ? queue.tasks.find((x) => x.taskId === latestId) : undefined;

  /**
   * Creates the task. With `confirm`, the credit-consumption confirmation
   * (docs/behaviour/calls-and-errors.md#messages, Cancel/Continue) asks after the content checks
   * pass, with the price and the output media (the audio text, or the video/image one) of the
   * algorithm's row in core's catalogue, the row the server charges by; an algorithm the catalogue
   * lacks needs no confirmation.
   */
  const run = async (req: GenerateRequest, options: { confirm?: boolean } = {}): Promise<void> => {
    if (busy) return;
    const row = options.confirm ? taskModule(req.algorithm) : undefined;
    const purpose = row?.output;
    const price = row?.credits;
    setNeedsCredits(false);
    setNeedsPlan(false);
    // Decision (spec silent; what a user expects): a balance known to be short of the price opens
    // the buy dialog on its credits tab at once, instead of a confirmation the server would refuse.
    const user = appStore.get(userAtom);
    if (price !== undefined && user && (user.integral?.integral ?? 0) < price) {
      offerCredits();
      return;
    }
    const confirm =
      price === undefined
        ? undefined
        : () =>
            new Promise<boolean>((answer) => {
              openModal("consumption", { credits: price, purpose, onContinue: () => answer(true), onCancel: () => answer(false) });
            });
    askNotificationPermission();
    setBusy(true);
    setError(null);
    // Generation events (docs/behaviour/ads-and-experiments.md#analytics): submitted, then accepted
    // with its task id, declined at the price confirmation, or refused.
    trackVideoGeneration("submit", { algorithm: req.algorithm });
    try {
      const task = await generate(req, confirm);
      if (!task) {
        trackVideoGeneration("declined", { algorithm: req.algorithm });
        return;
      }
      trackVideoGeneration("accepted", { algorithm: req.algorithm, task_id: task.taskId });
      setIds((list) => [...list, task.taskId]);
      // The credits were charged on accept: the header's balance follows.
      void refreshUser();
    } catch (e) {
      trackVideoGeneration("fail", { algorithm: req.algorithm, reason: e instanceof Error ? e.message : String(e) });
      if (e instanceof SensitiveContentError) setError(t(e.kind === "t" ? "error.sensitivePrompt" : "error.sensitiveMedia"));
      else if ((e as Partial<HttpError>).code === CODE_INSUFFICIENT_CREDITS) offerCredits();
      else if ((e as Partial<HttpError>).code === CODE_UPGRADE_REQUIRED) offerPlan(t("error.upgrade"));
      else if ((e as Partial<HttpError>).code === CODE_MINUTES_USED_UP) offerPlan(t("error.minutes"));
      else setError(t("error.generic", { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  /** Says the balance is short and opens the buy dialog on its credits tab. */
  function offerCredits(): void {
    setError(t("error.credits"));
    setNeedsCredits(true);
    openBuyDialog({ tab: "credits" });
  }

  /** Says what the plan lacks; the error line offers the membership tab (not opened by itself). */
  function offerPlan(text: string): void {
    setError(text);
    setNeedsPlan(true);
  }

  const showError = (text: string | null): void => {
    setNeedsCredits(false);
    setNeedsPlan(false);
    setError(text);
  };

  return { run, busy, error, setError: showError, needsCredits, needsPlan, current };
}
