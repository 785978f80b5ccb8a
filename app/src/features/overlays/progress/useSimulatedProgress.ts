/**
 * The simulated progress of image generation (docs/behaviour/tasks-and-queue.md#progress): starts
 * at 0 and ticks every second (core's `progressTick`: +4 below 20, +1 below 50, +0.5 below 80,
 * +0.01 below 99, capped at 99); success jumps to 100; clean (idle) shows 0; the display is core's
 * `progressDisplay` (0-100, rounded). One run per mount: give the component a new `key` to start
 * another run from 0.
 */
import { progressDisplay, progressTick, timings } from "@aivg/core/rules";
import { useEffect, useState } from "react";

export type ProgressStatus = "idle" | "running" | "success";

/** The percent to show for a status. */
export function useSimulatedProgress(status: ProgressStatus): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (status !== "running") return;
    const timer = setInterval(() => setValue((v) => progressTick(v)), timings().progressTickMs);
    return () => clearInterval(timer);
  }, [status]);
  if (status === "success") return progressDisplay(100);
  if (status === "idle") return progressDisplay(0);
  return progressDisplay(value);
}
