/**
 * The task queue panel of the creation screens, which only a signed-in user sees: its module
 * (TaskQueuePanel.tsx, with the task actions) loads when it is first shown, not with a visitor's
 * first load of the screen (docs/performance.md).
 */
import { lazy, Suspense } from "react";

const TaskQueuePanel = lazy(() => import("./TaskQueuePanel").then((m) => ({ default: m.TaskQueuePanel })));

export function TaskQueue() {
  return (
    <Suspense fallback={null}>
      <TaskQueuePanel />
    </Suspense>
  );
}
