/**
 * The go-back confirmation (texts docs/behaviour/calls-and-errors.md#messages): leaving a screen
 * while a task started there is still queued or running asks first. Yes leaves, Cancel stays. A
 * reload or tab close gets the browser's own prompt.
 */
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { openModal } from "../overlays/modalAtoms";
import { queueAtom } from "./taskStore";
import { isOpen } from "./taskTypes";

export function useGoBackGuard(taskIds: readonly string[]): void {
  const queue = useAtomValue(queueAtom);
  const busy = queue.tasks.some((t) => taskIds.includes(t.taskId) && isOpen(t));
  const blocker = useBlocker(({ currentLocation, nextLocation }) => busy && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    openModal("goBack", { onConfirm: () => blocker.proceed(), onCancel: () => blocker.reset() });
  }, [blocker]);

  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [busy]);
}
