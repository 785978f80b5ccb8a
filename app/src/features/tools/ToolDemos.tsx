/**
 * Before/after examples of an AI tool page (spec 02 §7 `GET /v1/common/demo/list?key=`; where
 * the page shows them is not shown: decided under the upload, as a user choosing a file would
 * look for what the tool does). The key is the page's path segment (`bg-remover`), as the server
 * names them; a page the server has no examples for shows nothing.
 */
import { listDemos, routePath } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ToolRoute } from "./toolConfigs";

interface Demo {
  id: number;
  name: string;
  before: string;
  after: string;
}

export function readDemos(raw: unknown): Demo[] {
  const list = (raw as { list?: unknown } | null)?.list;
  return (Array.isArray(list) ? list : []).flatMap((d) => {
    const o = (d ?? {}) as Record<string, unknown>;
    return typeof o.before === "string" && typeof o.after === "string"
      ? [{ id: Number(o.id), name: String(o.name ?? ""), before: o.before, after: o.after }]
      : [];
  });
}

/** The demo key of a tool route: the last segment of its English path. */
export function demoKey(route: ToolRoute): string {
  return routePath(route, {}, "en").split("/").filter(Boolean).pop() ?? "";
}

export function ToolDemos({ route }: { route: ToolRoute }) {
  const { t } = useTranslation("tools");
  const [demos, setDemos] = useState<Demo[]>([]);
  useEffect(() => {
    let live = true;
    listDemos({ key: demoKey(route) })
      .then((raw) => live && setDemos(readDemos(raw)))
      // No examples for this page (the server answers 400 for an unknown key): none shown.
      .catch(() => live && setDemos([]));
    return () => {
      live = false;
    };
  }, [route]);
  if (demos.length === 0) return null;
  return (
    <section className="create-field" aria-label={t("demos.title")} data-testid="tool-demos">
      <h2 className="create-label">{t("demos.title")}</h2>
      <ul className="create-demos">
        {demos.map((d) => (
          <li key={d.id} className="create-demo">
            <img src={d.before} alt={t("demos.before", { name: d.name })} loading="lazy" />
            <img src={d.after} alt={t("demos.after", { name: d.name })} loading="lazy" />
            <span className="create-note">{d.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
