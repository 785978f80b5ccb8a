/**
 * A key's recent webhook deliveries in the API keys dialog (docs/api.md#seeing-the-deliveries;
 * server: `GET /v1/keys/{id}/deliveries`): each task's delivery with its state and every attempt's
 * time and HTTP status, or what went wrong when the receiver did not answer.
 */
import { request } from "@aivg/core/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

interface Try {
  at_ms: number;
  status: number;
  error: string;
  duration_ms: number;
}

interface Delivery {
  msg_id: string;
  task_id: string;
  url: string;
  event: string;
  state: string;
  next_ms: number;
  tries: Try[];
}

/** Between the parts of an attempt's line (punctuation, the same in every language). */
const SEP = " · ";

function readDeliveries(raw: unknown): Delivery[] {
  const list = (raw as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as Delivery[]) : [];
}

/** The text key of each delivery state. */
const STATE_TEXT = {
  pending: "apiKeys.deliveries.pending",
  delivered: "apiKeys.deliveries.delivered",
  failed: "apiKeys.deliveries.failed",
} as const;

function isState(state: string): state is keyof typeof STATE_TEXT {
  return state in STATE_TEXT;
}

export function ApiKeyDeliveries({ keyId }: { keyId: number }) {
  const { t, i18n } = useTranslation("account");
  const [list, setList] = useState<Delivery[] | null>(null);
  const [failed, setFailed] = useState(false);
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  /** An attempt: when, and the receiver's status or why there was none (the server's words). */
  const tryLine = (a: Try) =>
    [
      date(a.at_ms),
      a.status > 0 ? t("apiKeys.deliveries.status", { status: a.status }) : t("apiKeys.deliveries.noAnswer"),
      ...(a.status === 0 && a.error !== "" ? [a.error] : []),
    ].join(SEP);

  useEffect(() => {
    request({ method: "GET", path: `/v1/keys/${keyId}/deliveries`, noCacheBust: true })
      .then((raw) => setList(readDeliveries(raw)))
      .catch((e: unknown) => {
        console.warn("webhook deliveries not loaded", e);
        setFailed(true);
      });
  }, [keyId]);

  if (failed) return <p className="acc-keys__error">{t("apiKeys.deliveries.loadFailed")}</p>;
  if (list === null) return null;
  if (list.length === 0) return <p className="acc-keys__meta">{t("apiKeys.deliveries.empty")}</p>;
  return (
    <ul className="acc-keys__deliveries" data-testid="api-key-deliveries">
      {list.map((d) => (
        <li key={d.msg_id} className="acc-keys__delivery" data-testid="api-key-delivery" data-state={d.state}>
          <span>
            <strong>{isState(d.state) ? t(STATE_TEXT[d.state]) : d.state}</strong> <code>{d.event}</code> <code>{d.task_id}</code>
          </span>
          {d.state === "pending" && d.next_ms > 0 && <span className="acc-keys__meta">{t("apiKeys.deliveries.next", { date: date(d.next_ms) })}</span>}
          <ol className="acc-keys__tries">
            {d.tries.map((a) => (
              <li key={a.at_ms} className="acc-keys__meta" data-testid="api-key-try">
                {tryLine(a)}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
