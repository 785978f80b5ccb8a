/**
 * The Generate button's error line. A refusal for credits also offers the buy dialog's credits
 * tab right there (the dialog opens by itself once; this button opens it again after a close); a
 * refusal for the plan (a tool it lacks, or its month's minutes used up) offers the membership tab.
 */
import { useTranslation } from "react-i18next";
import { openBuyDialog } from "../pricing/buyState";

export function GenerationError({
  error,
  needsCredits,
  needsPlan = false,
  testId = "create-error",
}: {
  error: string | null;
  needsCredits: boolean;
  needsPlan?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("create");
  if (!error) return null;
  return (
    <div className="create-error-line">
      <p role="alert" className="create-error" data-testid={testId}>
        {error}
      </p>
      {needsCredits ? (
        <button type="button" className="button button--primary" data-testid="buy-credits" onClick={() => openBuyDialog({ tab: "credits" })}>
          {t("buyCredits")}
        </button>
      ) : null}
      {needsPlan ? (
        <button type="button" className="button button--primary" data-testid="upgrade-plan" onClick={() => openBuyDialog({ tab: "membership" })}>
          {t("upgradePlan")}
        </button>
      ) : null}
    </div>
  );
}
