/**
 * Experiments through the server (docs/behaviour/ads-and-experiments.md#experiments): `plan` 2
 * means variant B; any failure gives plan 0 (docs/behaviour/ads-and-experiments.md#experiments).
 * Answers are kept per test code and subject for the page's life, so a component re-rendering does
 * not call again.
 */
import { getAbTest } from "@aivg/core/rules";

const cache = new Map<string, Promise<number>>();

/** The plan of an experiment for the subject (the server falls back to the client serial). */
export function abTestPlan(testCode: string, userId?: string | null): Promise<number> {
  const key = `${testCode}:${userId ?? ""}`;
  let plan = cache.get(key);
  if (!plan) {
    plan = getAbTest(userId ? { test_code: testCode, user_id: userId } : { test_code: testCode })
      .then((answer) => {
        const value = Number(answer.plan);
        return Number.isFinite(value) ? value : 0;
      })
      .catch((error: unknown) => {
        console.warn(`ab test ${testCode} failed`, error);
        return 0;
      });
    cache.set(key, plan);
  }
  return plan;
}

/** Whether a plan is variant B. */
export const isVariantB = (plan: number): boolean => plan === 2;

/** Forgets the cached answers (tests). */
export function clearAbTests(): void {
  cache.clear();
}
