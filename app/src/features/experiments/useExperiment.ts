/** A React face of `abTestPlan`: the plan, or null while the call runs. */
import { useEffect, useState } from "react";
import { abTestPlan } from "./abTest";

export function useExperiment(testCode: string, userId?: string | null): number | null {
  const [plan, setPlan] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void abTestPlan(testCode, userId).then((value) => {
      if (live) setPlan(value);
    });
    return () => {
      live = false;
    };
  }, [testCode, userId]);
  return plan;
}
