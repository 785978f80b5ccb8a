/**
 * The body of the API keys dialog (docs/api.md; server: `GET /v1/keys`, `POST /v1/keys`,
 * `POST /v1/keys/{id}/revoke`, `POST /v1/keys/{id}/webhook`). A new key is shown once, right after it is made, with a copy
 * button and its webhook signing secret; the list shows each key's first characters, scopes,
 * expiry, last use and webhook URL, changes that URL (checked by the server as at creation),
 * revokes, and shows the key's webhook deliveries
 * (ApiKeyDeliveries.tsx, docs/api.md#completion-webhooks).
 */
import { request } from "@aivg/core/rules";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiKeyDeliveries } from "./ApiKeyDeliveries";
import "./api-keys.css";

const SCOPES = ["tasks:create", "tasks:read", "balance:read"] as const;
/** The expiry choices, in days (0: never). */
const EXPIRIES = [0, 30, 90, 365] as const;
/** Between the parts of a key's line (punctuation, the same in every language). */
const SEP = " · ";

interface KeyItem {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  created_ms: number;
  expires_ms: number;
  last_used_ms: number;
  revoked_ms: number;
  callback_url?: string;
}

/** A key as made: the key and its webhook secret, shown this once. */
interface Made {
  key: string;
  secret: string;
}

function readKeys(raw: unknown): KeyItem[] {
  const list = (raw as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as KeyItem[]) : [];
}

/** The text key of each scope. */
const SCOPE_TEXT = {
  "tasks:create": "apiKeys.scope.tasks_create",
  "tasks:read": "apiKeys.scope.tasks_read",
  "balance:read": "apiKeys.scope.balance_read",
} as const;

function isScope(scope: string): scope is (typeof SCOPES)[number] {
  return (SCOPES as readonly string[]).includes(scope);
}

export default function ApiKeysBody() {
  const { t, i18n } = useTranslation("account");
  const [keys, setKeys] = useState<KeyItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([...SCOPES]);
  const [days, setDays] = useState<number>(0);
  const [callbackUrl, setCallbackUrl] = useState("");
  const [made, setMade] = useState<Made | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The key whose webhook URL is being changed, and the URL typed so far. */
  const [editing, setEditing] = useState<{ id: number; url: string } | null>(null);
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language);

  const load = useCallback(() => {
    request({ method: "GET", path: "/v1/keys", noCacheBust: true })
      .then((raw) => setKeys(readKeys(raw)))
      .catch((e: unknown) => {
        console.warn("API keys not loaded", e);
        setFailed(true);
      });
  }, []);
  useEffect(load, [load]);

  const create = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const params = { name, scopes, expires_in_days: days, callback_url: callbackUrl.trim() };
    request({ method: "POST", path: "/v1/keys", params })
      .then((raw) => {
        const answer = raw as { key?: unknown; webhook_secret?: unknown };
        setMade({ key: String(answer.key ?? ""), secret: String(answer.webhook_secret ?? "") });
        setName("");
        setCallbackUrl("");
        load();
      })
      .catch((err: unknown) => {
        console.warn("API key not made", err);
        // The form sends a valid name and scopes: a 400 with a webhook URL is the URL refused.
        const refusedUrl = (err as { httpStatus?: number } | null)?.httpStatus === 400 && params.callback_url !== "";
        setError(t(refusedUrl ? "apiKeys.webhookRefused" : "apiKeys.createFailed"));
      });
  };

  const revoke = (id: number) => {
    request({ method: "POST", path: `/v1/keys/${id}/revoke` })
      .then(load)
      .catch((err: unknown) => {
        console.warn("API key not revoked", err);
        setError(t("apiKeys.revokeFailed"));
      });
  };

  const saveWebhook = (e: FormEvent) => {
    e.preventDefault();
    if (editing === null) return;
    setError(null);
    const url = editing.url.trim();
    request({ method: "POST", path: `/v1/keys/${editing.id}/webhook`, params: { callback_url: url } })
      .then(() => {
        setEditing(null);
        load();
      })
      .catch((err: unknown) => {
        console.warn("webhook URL not changed", err);
        // The only field is the URL: a 400 is the URL refused.
        const refusedUrl = (err as { httpStatus?: number } | null)?.httpStatus === 400;
        setError(t(refusedUrl ? "apiKeys.webhookRefused" : "apiKeys.webhookSaveFailed"));
      });
  };

  const toggle = (scope: string) => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  return (
    <div className="acc-keys__body">
      <p className="acc-keys__intro">{t("apiKeys.intro")}</p>
      {made !== null && (
        <div className="acc-keys__made" role="status" data-testid="api-key-made">
          <strong>{t("apiKeys.shownOnce")}</strong>
          <code className="acc-keys__secret" data-testid="api-key-secret">
            {made.key}
          </code>
          <span className="acc-keys__meta">{t("apiKeys.webhookSecret")}</span>
          <code className="acc-keys__secret" data-testid="api-key-webhook-secret">
            {made.secret}
          </code>
          <div className="acc-keys__actions">
            <button type="button" className="acc-link-button" onClick={() => void navigator.clipboard?.writeText(made.key)}>
              {t("apiKeys.copy")}
            </button>
            <button type="button" className="acc-link-button" onClick={() => void navigator.clipboard?.writeText(made.secret)}>
              {t("apiKeys.copySecret")}
            </button>
            <button type="button" className="acc-link-button" data-testid="api-key-done" onClick={() => setMade(null)}>
              {t("apiKeys.done")}
            </button>
          </div>
        </div>
      )}
      <form className="acc-keys__form" onSubmit={create}>
        <label className="acc-keys__field">
          <span>{t("apiKeys.name")}</span>
          <input data-testid="api-key-name" value={name} maxLength={60} required onChange={(e) => setName(e.currentTarget.value)} />
        </label>
        <fieldset className="acc-keys__scopes">
          <legend>{t("apiKeys.scopes")}</legend>
          {SCOPES.map((scope) => (
            <label key={scope}>
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
              {t(SCOPE_TEXT[scope])}
            </label>
          ))}
        </fieldset>
        <label className="acc-keys__field">
          <span>{t("apiKeys.expiry")}</span>
          <select value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
            {EXPIRIES.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? t("apiKeys.never") : t("apiKeys.days", { count: d })}
              </option>
            ))}
          </select>
        </label>
        <label className="acc-keys__field">
          <span>{t("apiKeys.webhookUrl")}</span>
          <input
            data-testid="api-key-webhook-url"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={callbackUrl}
            maxLength={2000}
            onChange={(e) => setCallbackUrl(e.currentTarget.value)}
          />
        </label>
        <button type="submit" className="acc-keys__create" data-testid="api-key-create" disabled={scopes.length === 0 || name.trim() === ""}>
          {t("apiKeys.create")}
        </button>
      </form>
      {error !== null && (
        <p className="acc-keys__error" role="alert">
          {error}
        </p>
      )}
      {failed && <p className="acc-keys__error">{t("apiKeys.loadFailed")}</p>}
      {keys?.length === 0 && <p className="acc-keys__empty">{t("apiKeys.empty")}</p>}
      <ul className="acc-keys__list" data-testid="api-key-list">
        {keys?.map((k) => (
          <li key={k.id} className="acc-keys__row" data-testid="api-key-row" data-revoked={k.revoked_ms > 0 ? "true" : "false"}>
            <div className="acc-keys__main">
              <strong>{k.name}</strong>
              <code>{t("apiKeys.prefix", { prefix: k.prefix })}</code>
              <span className="acc-keys__meta">{k.scopes.map((s) => (isScope(s) ? t(SCOPE_TEXT[s]) : s)).join(SEP)}</span>
              <span className="acc-keys__meta">
                {[
                  k.last_used_ms > 0 ? t("apiKeys.lastUsed", { date: date(k.last_used_ms) }) : t("apiKeys.neverUsed"),
                  k.expires_ms > 0 ? t("apiKeys.expires", { date: date(k.expires_ms) }) : t("apiKeys.noExpiry"),
                ].join(SEP)}
              </span>
              {k.callback_url && <span className="acc-keys__meta acc-keys__url">{t("apiKeys.webhookTo", { url: k.callback_url })}</span>}
              {editing?.id === k.id ? (
                <form className="acc-keys__webhook-form" onSubmit={saveWebhook}>
                  <label className="acc-keys__field">
                    <span>{t("apiKeys.webhookUrl")}</span>
                    <input
                      data-testid="api-key-webhook-edit-url"
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={editing.url}
                      maxLength={2000}
                      onChange={(e) => setEditing({ id: k.id, url: e.currentTarget.value })}
                    />
                  </label>
                  <div className="acc-keys__actions">
                    <button type="submit" className="acc-link-button" data-testid="api-key-webhook-save">
                      {t("apiKeys.saveWebhook")}
                    </button>
                    <button type="button" className="acc-link-button" onClick={() => setEditing(null)}>
                      {t("apiKeys.cancelWebhook")}
                    </button>
                  </div>
                </form>
              ) : (
                k.revoked_ms === 0 && (
                  <button
                    type="button"
                    className="acc-link-button acc-keys__toggle"
                    data-testid="api-key-webhook-edit"
                    onClick={() => setEditing({ id: k.id, url: k.callback_url ?? "" })}
                  >
                    {t("apiKeys.editWebhook")}
                  </button>
                )
              )}
              <button
                type="button"
                className="acc-link-button acc-keys__toggle"
                data-testid="api-key-show-deliveries"
                aria-expanded={shown === k.id}
                onClick={() => setShown((id) => (id === k.id ? null : k.id))}
              >
                {t("apiKeys.deliveries.show")}
              </button>
              {shown === k.id && <ApiKeyDeliveries keyId={k.id} />}
            </div>
            {k.revoked_ms > 0 ? (
              <span className="acc-keys__revoked">{t("apiKeys.revoked")}</span>
            ) : (
              <button type="button" className="acc-link-button" data-testid="api-key-revoke" onClick={() => revoke(k.id)}>
                {t("apiKeys.revoke")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
