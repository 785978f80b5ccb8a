/**
 * The message under a field that core's check of the task (the server's rule, `checkFields`)
 * refused: a field still empty gets a translated request for it; any other rule is shown as core
 * words it (the same text the server would answer).
 */
import type { TaskFieldKind } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { isMissing, type FieldProblem } from "./catalogue";

export interface FieldMessageProps {
  problem: FieldProblem | null;
  /** The field's name in `data` (`prompt`, `mask_path`); "" for problems of no one field. */
  name: string;
  kind: TaskFieldKind | "other";
  /** A screen's own wording of the refusal (e.g. the music page's minimum length). */
  text?: string;
  testId?: string;
}

export function FieldMessage({ problem, name, kind, text, testId }: FieldMessageProps) {
  const { t } = useTranslation("create");
  if (!problem || problem.field !== name) return null;
  const message = text ?? (isMissing(problem) && kind !== "other" ? t(`field.required.${kind}`) : t("field.rule", { rule: problem.rule }));
  return (
    <p role="alert" className="create-error" data-testid={testId ?? `field-error-${name || "data"}`}>
      {message}
    </p>
  );
}
