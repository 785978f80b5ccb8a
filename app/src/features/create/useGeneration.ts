/**
 * The Generate button's state, shared by creation, tool, music and effect screens: runs
 * `generate`, keeps the ids of the tasks started here (for the go-back guard, issue 8 item 7)
 * and the latest task as the queue knows it.
 */
import type { HttpError } from "@aivg/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { refreshUser } from "../session/session";
import { askNotificationPermission } from "../tasks/notify";
import { queueAtom } from "../tasks/taskStore";
import type { Task } from "../tasks/taskTypes";
import { useGoBackGuard } from "../tasks/useGoBackGuard";
import { generate, SensitiveContentError, type GenerateRequest } from "./generate";

/** The server's "not enough credits" code (server/src/tasks/lifecycle.rs), HTTP 402. */
export const CODE_INSUFFICIENT_CREDITS = 140402;

export function useGeneration() {
  const { t } = useTranslation("create");
  const [ids, setIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queue = useAtomValue(queueAtom);
  useGoBackGuard(ids);
  const latestId = ids[ids.length - 1];
  const current: Task | undefined = latestId ? queue.tasks.find((x) => x.taskId === latestId) : undefined;

  const run = async (req: GenerateRequest): Promise<void> => {
    if (busy) return;
    askNotificationPermission();
    setBusy(true);
    setError(null);
    try {
      const task = await generate(req);
      setIds((list) => [...list, task.taskId]);
      // The credits were charged on accept: the header's balance follows.
      void refreshUser();
    } catch (e) {
      if (e instanceof SensitiveContentError) setError(t(e.kind === "t" ? "error.sensitivePrompt" : "error.sensitiveMedia"));
      else if ((e as Partial<HttpError>).code === CODE_INSUFFICIENT_CREDITS) setError(t("error.credits"));
      else setError(t("error.generic", { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, error, setError, current };
}
