/** Explore zones (/explore/zone): the publishable zones (visible_status 1), and one zone's items (?id=). */
import { getZoneInfo, listZones } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ExploreCard } from "./ExploreCard";
import { readExplorePage, readZone, visibleZones, type ExploreItem, type Zone } from "./exploreItems";
import "../create/create.css";

export default function ExploreZonePage() {
  const [query] = useSearchParams();
  const id = query.get("id");
  return id ? <ZoneItems key={id} id={id} /> : <ZoneList />;
}

function ZoneList() {
  const { t } = useTranslation("explore");
  const [zones, setZones] = useState<Zone[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listZones()
      .then((r) => setZones(visibleZones(r)))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  return (
    <div className="create-page">
      <section className="create-form" style={{ maxWidth: "none" }}>
        <h1 className="create-title">{t("zones")}</h1>
        {error ? (
          <p role="alert" className="create-error">
            {t("error", { message: error })}
          </p>
        ) : null}
        <ul className="create-grid" data-testid="zone-list">
          {(zones ?? []).map((z) => (
            <li key={z.id} className="create-card create-card--link" data-testid="zone-card">
              <Link to={`?id=${z.id}`} className="create-card__link">
                <img src={z.cover} alt="" loading="lazy" />
                <div className="create-card__body">
                  <strong>{z.name}</strong>
                  <span className="create-note">{z.description}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ZoneItems({ id }: { id: string }) {
  const { t } = useTranslation("explore");
  const [zone, setZone] = useState<{ zone: Zone | null; items: ExploreItem[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getZoneInfo({ id })
      .then((r) => {
        const o = (r ?? {}) as { zone?: unknown };
        setZone({ zone: readZone(o.zone ?? r), items: readExplorePage(r).items });
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [id]);
  return (
    <div className="create-page">
      <section className="create-form" style={{ maxWidth: "none" }}>
        <Link to="?" className="create-chip">
          {t("zones")}
        </Link>
        <h1 className="create-title">{zone?.zone?.name ?? ""}</h1>
        {error ? (
          <p role="alert" className="create-error">
            {t("error", { message: error })}
          </p>
        ) : null}
        <ul className="create-grid">
          {(zone?.items ?? []).map((item) => (
            <ExploreCard key={item.id} item={item} />
          ))}
        </ul>
      </section>
    </div>
  );
}
