/**
 * The Generate button's state, shared by creation, tool, music and effect screens: runs
 * `generate`, keeps the ids of the tasks started here (for the go-back guard, issue 8 item 7)
 * and the latest task as the queue knows it.
 */
import { insufficientCreditsCode, moduleCredits, type HttpError } from "@aivg/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { trackVideoGeneration } from "../analytics";
import { openModal } from "../overlays/modalAtoms";
import { refreshUser } from "../session/session";
import { askNotificationPermission } from "../tasks/notify";
import { queueAtom } from "../tasks/taskStore";
import type { Task } from "../tasks/taskTypes";
import { useGoBackGuard } from "../tasks/useGoBackGuard";
import { generate, SensitiveContentError, type GenerateRequest } from "./generate";

/** The server's "not enough credits" code (HTTP 402), from core. */
export const CODE_INSUFFICIENT_CREDITS = insufficientCreditsCode();

export function useGeneration() {
  const { t } = useTranslation("create");
  const [ids, setIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queue = useAtomValue(queueAtom);
  useGoBackGuard(ids);
  const latestId = ids[ids.length - 1];
  const current: Task | undefined = latestId ? queue.tasks.find((x) => x.taskId === latestId) : undefined;

  /**
   * Creates the task. With `confirmCredits`, the credit-consumption confirmation (spec 01 §8,
   * Cancel/Continue; the audio text, or the video/image one: see the consumption modal's type)
   * asks after the content checks pass, with the module's price from core (the same table the
   * server charges); a module without a price needs no confirmation.
   */
  const run = async (req: GenerateRequest, options: { confirmCredits?: "audio" | "video" | "image" } = {}): Promise<void> => {
    if (busy) return;
    const purpose = options.confirmCredits;
    const price = purpose ? moduleCredits(req.module ?? req.algorithm) : undefined;
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
    // Generation events (spec 02 §9): submitted, then accepted with its task id, declined at the
    // price confirmation, or refused.
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
      else if ((e as Partial<HttpError>).code === CODE_INSUFFICIENT_CREDITS) setError(t("error.credits"));
      else setError(t("error.generic", { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, error, setError, current };
}

/** The price of a module in credits (core's table), for the Generate button. */
export function useModuleCredits(module: string): number | undefined {
  return moduleCredits(module);
}
