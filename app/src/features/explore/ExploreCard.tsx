/** One explore item: its thumbnail in the grid's 3:4 frame (create.css), "Make the same", and Report. */
import { addPrefix, isPhone } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAtomValue } from "../../state/jotai";
import { languageAtom } from "../language/state";
import { openCustomModal, openModal } from "../overlays/modalAtoms";
import type { ExploreItem } from "./exploreItems";
import { ReportDialog } from "./ReportDialog";

function show(item: ExploreItem): void {
  // Phones get the mobile video modal for clips (docs/behaviour/languages-and-routes.md#overlays
  // overlays); pictures the preview.
  if (item.media === "video" && isPhone(window.innerWidth)) {
    openModal("mobileVideo", { videoLink: item.previewUrl, thumbnailLink: item.thumbnail, ratio: item.ratio });
  } else {
    openModal("imagePreview", { images: [{ src: item.previewUrl, alt: item.title }], index: 0 });
  }
}

export function ExploreCard({ item }: { item: ExploreItem }) {
  const { t } = useTranslation("explore");
  const language = useAtomValue(languageAtom);
  return (
    <li className="create-card" data-testid="explore-card" data-id={item.id}>
      <button type="button" className="create-card__thumb" onClick={() => show(item)} aria-label={item.title}>
        <img src={item.thumbnail} alt="" loading="lazy" width={item.width} height={item.height} />
      </button>
      <div className="create-card__body">
        <span>{item.title}</span>
        <div className="create-row">
          {item.route ? (
            <Link className="button button--secondary" to={addPrefix(item.route, language)}>
              {t("makeSame")}
            </Link>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            data-testid="explore-report"
            onClick={() => openCustomModal(ReportDialog, { exploreId: item.id })}
          >
            {t("report.open")}
          </button>
        </div>
      </div>
    </li>
  );
}
