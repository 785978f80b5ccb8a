/**
 * The message under a field that core's check of the task (the server's rule, `checkFields`)
 * refused, translated by the problem's kind (docs/behaviour/calls-and-errors.md#messages): a field
 * still empty gets a request for it (`field.required.<field kind>`), any other problem its text
 * (`field.problem.<kind>`, filled with core's numbers); core's English sentence only for a kind
 * this app does not know.
 */
import type { TaskFieldKind } from "@aivg/core/rules";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type create from "../../locales/en/create.json";
import { isMissing, type FieldProblem } from "./catalogue";

type ProblemKind = keyof (typeof create)["field"]["problem"];
type RequiredKind = keyof (typeof create)["field"]["required"];

/** The translated message of a problem (see the file comment); `known` says whether a `create` key exists. */
export function problemText(t: TFunction<"create">, known: (key: string) => boolean, problem: FieldProblem, kind: TaskFieldKind | "other"): string {
  const what = kind !== "other" ? kind : problem.values.what;
  if (isMissing(problem) && typeof what === "string" && known(`field.required.${what}`)) return t(`field.required.${what as RequiredKind}`);
  if (known(`field.problem.${problem.kind}`)) return t(`field.problem.${problem.kind as ProblemKind}`, problem.values);
  return t("field.rule", { rule: problem.rule });
}

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
  const { t, i18n } = useTranslation("create");
  if (!problem || problem.field !== name) return null;
  const message = text ?? problemText(t, (key) => i18n.exists(key, { ns: "create" }), problem, kind);
  return (
    <p role="alert" className="create-error" data-testid={testId ?? `field-error-${name || "data"}`}>
      {message}
    </p>
  );
}
