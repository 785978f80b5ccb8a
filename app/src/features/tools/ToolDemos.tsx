/**
 * Before/after examples of an AI tool page (docs/behaviour/tasks-and-queue.md#explore `GET
 * /v1/common/demo/list?key=`; where the page shows them is not shown: decided under the upload, as
 * a user choosing a file would look for what the tool does). The key is the page's path segment
 * (`bg-remover`), as the server names them; a page the server has no examples for shows nothing.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { demosFor, settledDemos, type Demo } from "./demos";
import type { ToolRoute } from "./toolConfigs";

export function ToolDemos({ route }: { route: ToolRoute }) {
  const { t } = useTranslation("tools");
  // The loader asked for them beside the page's module (demos.ts): often they are in already.
  const [demos, setDemos] = useState<Demo[]>(() => settledDemos(route) ?? []);
  useEffect(() => {
    let live = true;
    void demosFor(route).then((list) => live && setDemos(list));
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
            {/* The server preloads every example's pictures with the page (spa::first_screen):
                on wide layouts they share the first row, and a lazy one was asked for only once the
                page rendered, then painted last as the page's LCP. */}
            <img src={d.before} alt={t("demos.before", { name: d.name })} loading="eager" />
            <img src={d.after} alt={t("demos.after", { name: d.name })} loading="eager" />
            <span className="create-note">{d.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
