/**
 * The seed of a task (docs/behaviour/tasks-and-queue.md#seeds): empty draws a new one on the
 * server, a whole number from 0 to core's `maxSeed` makes the same result again with the same
 * settings. A screen opened with "use these settings again" offers the "same seed" switch: on
 * keeps the earlier task's seed, off clears the field so the server draws a new one.
 */
import { taskConstants } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";

/** The largest seed a task takes (core's `MAX_SEED`). */
export const MAX_SEED = taskConstants().maxSeed;

export interface SeedFieldProps {
  /** The field's text: "" or digits. */
  value: string;
  onChange: (value: string) => void;
  /** The seed of the task whose settings the screen reuses, if any. */
  reused: number | null;
}

/** The `data.seed` of a seed field's text: undefined when empty, else the number as typed (core's check refuses a bad one). */
export function seedData(value: string): number | undefined {
  const text = value.trim();
  return text === "" ? undefined : Number(text);
}

export function SeedField({ value, onChange, reused }: SeedFieldProps) {
  const { t } = useTranslation("create");
  const same = reused !== null && value.trim() === String(reused);
  return (
    <div className="create-field">
      <label className="create-label" htmlFor="create-seed">
        {t("seed.label")}
      </label>
      {reused !== null ? (
        <label className="create-switch">
          <input
            type="checkbox"
            role="switch"
            checked={same}
            data-testid="same-seed"
            onChange={(e) => onChange(e.currentTarget.checked ? String(reused) : "")}
          />
          <span>{t("seed.same", { seed: reused })}</span>
        </label>
      ) : null}
      <input
        id="create-seed"
        className="create-input create-seed"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("seed.placeholder")}
        value={value}
        data-testid="seed"
        onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9]/g, ""))}
      />
    </div>
  );
}
