/**
 * The face check of the talking avatar (docs/behaviour/tasks-and-queue.md#task-modules `POST
 * /v1/ai/create/image_fkp` + its result: the server's face detector, `{faces: [{x, y, w, h, score,
 * key_points}], note?}`): once the portrait is uploaded, the page says whether a face was found.
 * Decision (the spec does not show where the call is used): it warns and does not block Generate,
 * since a detector can miss a stylised face (a cartoon host); a server without the model (`note`)
 * says nothing.
 */
import { createImageFkp, getImageFkpResult } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { readTask } from "../tasks/taskTypes";

type Found = "checking" | "face" | "none" | "unknown";

/** Faces found, or null when the server could not tell (no model: a `note`, or no list). */
export function readFaces(raw: unknown): number | null {
  const result = (raw as { result?: { faces?: unknown; note?: unknown } } | null)?.result;
  if (!result || typeof result.note === "string" || !Array.isArray(result.faces)) return null;
  return result.faces.length;
}

async function countFaces(ossPath: string): Promise<number | null> {
  const created = readTask(await createImageFkp({ data: { file_path: ossPath } }));
  if (!created) return null;
  return readFaces(await getImageFkpResult(created.taskId));
}

export function FaceCheck({ ossPath }: { ossPath: string }) {
  const { t } = useTranslation("tools");
  const [found, setFound] = useState<{ path: string; state: Found } | null>(null);
  useEffect(() => {
    let live = true;
    countFaces(ossPath)
      .then((n) => live && setFound({ path: ossPath, state: n === null ? "unknown" : n > 0 ? "face" : "none" }))
      .catch((e: unknown) => {
        console.warn("face check failed", e);
        if (live) setFound({ path: ossPath, state: "unknown" });
      });
    return () => {
      live = false;
    };
  }, [ossPath]);
  const state = found?.path === ossPath ? found.state : "checking";
  if (state === "unknown") return null;
  if (state === "checking")
    return (
      <p className="create-note" role="status" data-testid="face-check" data-state={state}>
        {t("face.checking")}
      </p>
    );
  return state === "face" ? (
    <p className="create-note" data-testid="face-check" data-state={state}>
      {t("face.found")}
    </p>
  ) : (
    <p role="alert" className="create-error" data-testid="face-check" data-state={state}>
      {t("face.none")}
    </p>
  );
}
