/**
 * "Start from a template" on the music screen: the audio templates (the server's `fun_module`
 * music) in the shell's template list modal, by category, each with its audio preview
 * (docs/behaviour/tasks-and-queue.md#templates "Template item for audio: name, description,
 * thumbnail, preview"; #templates "Audio preview plays from template URLs"). Choosing one fills the
 * prompt, style and duration; nothing is generated until the user presses Generate. A link with
 * `?tpl_id=` (the /template page's music list) fills the form the same way on arrival.
 */
import { getWorkflowInfo } from "@aivg/core/rules";
import { useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadTemplateTabs } from "../effects/templateTabs";
import { readTemplate, type AudioSettings } from "../effects/templates";
import { openModal } from "../overlays/modalAtoms";
import { showToast } from "../overlays/toasts";

export interface ChosenAudioTemplate extends AudioSettings {
  name: string;
  cover: string;
}

export function MusicTemplates({ onChoose }: { onChoose: (t: ChosenAudioTemplate) => void }) {
  const { t } = useTranslation("music");
  const { t: tOverlays } = useTranslation("overlays");
  const [loading, setLoading] = useState(false);

  const open = async () => {
    setLoading(true);
    try {
      const { tabs, templateOf, loadPage } = await loadTemplateTabs("music", tOverlays("templateList.all"));
      openModal("templateList", {
        title: t("templates.title"),
        categories: tabs,
        loadPage,
        onSelect: (item) => {
          const tpl = templateOf(item);
          if (tpl?.audio) onChoose({ ...tpl.audio, name: tpl.name, cover: tpl.thumbnail });
        },
      });
    } catch (e) {
      showToast("error", t("templates.error", { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setLoading(false);
    }
  };

  return (
    <button type="button" className="button button--secondary" data-testid="music-templates" disabled={loading} onClick={() => void open()}>
      {t("templates.open")}
    </button>
  );
}

/** Fills the form once from the audio template of `?tpl_id=`; a wrong id only shows a toast. */
export function useTemplateFromQuery(tplId: string | null, onChoose: (t: ChosenAudioTemplate) => void): void {
  const { t } = useTranslation("music");
  const choose = useEffectEvent(onChoose);
  useEffect(() => {
    if (!tplId) return;
    let live = true;
    getWorkflowInfo({ id: tplId })
      .then((raw) => {
        const tpl = readTemplate(raw);
        if (live && tpl?.audio) choose({ ...tpl.audio, name: tpl.name, cover: tpl.thumbnail });
      })
      .catch((e: unknown) => live && showToast("error", t("templates.error", { message: e instanceof Error ? e.message : String(e) })));
    return () => {
      live = false;
    };
  }, [tplId, t]);
}
