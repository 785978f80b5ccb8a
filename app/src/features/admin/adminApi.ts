/**
 * The console's calls (`/v1/admin/…`, docs/operations.md#the-operator-console) through core's
 * HTTP client, with the answers read into plain types.
 */
import { request } from "@aivg/core/rules";

export interface Overview {
  users: number;
  signups_7d: number;
  queue_depth: number;
  credits_granted: number;
  credits_spent: number;
  tasks: { status: string; count: number }[];
  series: Series;
}

/** One value per UTC day from `start` (epoch seconds), `days` long. */
export interface Series {
  days: number;
  start: number;
  signups: number[];
  active_users: number[];
  tasks_by_status: Record<string, number[]>;
  tasks_by_module: Record<string, number[]>;
  tasks_by_engine: Record<string, number[]>;
  /** Failed per hundred finished tasks of the day. */
  failure_rate: number[];
  credits_granted: number[];
  credits_spent: number[];
  revenue_cents: Record<string, number[]>;
  queue_depth: number[];
}

/** The ranges the overview offers, in days. */
export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];

export interface Trade {
  trade_id: string;
  user_id: number;
  email: string;
  sku_id: number;
  sku_name: string;
  kind: string;
  amount_cents: number;
  currency: string;
  credits: number;
  provider: string;
  created_at: number;
  status: "paid" | "refund_pending" | "refunded" | "money_back";
  session_id: string;
  payment_intent: string;
  invoice: string;
  refund_id: string;
  clawed_credits: number;
  refundable: boolean;
}

export interface PaymentEvent {
  provider: string;
  event_id: string;
  type: string;
  received_at: number;
  /** The webhook's outcome as JSON (`{"result":"granted",…}`), empty for older events. */
  outcome: string;
}

export interface UserRow {
  id: number;
  uid: string;
  email: string;
  nickname: string;
  role: string;
  created_at: number;
  /** 1 when the operator disabled the account. */
  disabled: number;
}

export interface UserDetail {
  user: UserRow;
  balance: number;
  sessions: number;
  ledger: { id: number; type: string; reason: string; details: string; credits: number; date: number }[];
  tasks: { task_id: string; algorithm: string; status: string; credits: number; created_ms: number }[];
}

export interface AuditEntry {
  id: number;
  admin_id: number;
  admin_email: string;
  action: string;
  target: string;
  before: string;
  after: string;
  at_ms: number;
}

export const getMe = () => request({ method: "GET", path: "/v1/admin/me", noCacheBust: true }) as Promise<{ email: string }>;
export const getOverview = (days: Range) => request({ method: "GET", path: "/v1/admin/overview", params: { days }, noCacheBust: true }) as Promise<Overview>;
export const listTrades = (page: number) =>
  request({ method: "GET", path: "/v1/admin/payments", params: { page }, noCacheBust: true }) as Promise<{ list: Trade[]; total: number; page_size: number }>;
export const listPaymentEvents = (page: number) =>
  request({ method: "GET", path: "/v1/admin/payments/events", params: { page }, noCacheBust: true }) as Promise<{
    list: PaymentEvent[];
    total: number;
    page_size: number;
  }>;
export const refundTrade = (tradeId: string, reason: string) =>
  request({ method: "POST", path: `/v1/admin/payments/${encodeURIComponent(tradeId)}/refund`, params: { reason } }) as Promise<{
    trade: Trade;
    refund_id: string;
  }>;
export const searchUsers = (q: string) => request({ method: "GET", path: "/v1/admin/users", params: { q }, noCacheBust: true }) as Promise<UserRow[]>;
export const getUser = (id: number) => request({ method: "GET", path: `/v1/admin/users/${id}`, noCacheBust: true }) as Promise<UserDetail>;
export const changeCredits = (id: number, delta: number, reason: string) =>
  request({ method: "POST", path: `/v1/admin/users/${id}/credits`, params: { delta, reason } }) as Promise<{ moved: number; balance: number }>;
export const getAudit = (page: number) =>
  request({ method: "GET", path: "/v1/admin/audit", params: { page }, noCacheBust: true }) as Promise<{ list: AuditEntry[]; total: number }>;
export const signOutEverywhere = (id: number) =>
  request({ method: "POST", path: `/v1/admin/users/${id}/sign-out`, params: {} }) as Promise<{ sessions_ended: number }>;
export const setDisabled = (id: number, disabled: boolean) =>
  request({ method: "POST", path: `/v1/admin/users/${id}/disabled`, params: { disabled } }) as Promise<{ disabled: boolean; sessions_ended: number }>;

export interface TaskLine {
  task_id: string;
  user_id: number;
  email: string;
  algorithm: string;
  status: string;
  progress: number;
  credits: number;
  refunded: number;
  engine: string;
  backend: string;
  error: string;
  created_ms: number;
  started_ms: number;
  finished_ms: number;
}

/** The filters of the task list (empty = any); `from`/`to` are epoch milliseconds. */
export interface TaskFilters {
  user: string;
  module: string;
  status: string;
  engine: string;
  from?: number;
  to?: number;
}

export interface TaskOutput {
  url: string;
  media_type: string;
  ext: string;
}

export interface TaskDetail {
  task: {
    task_id: string;
    algorithm: string;
    status: string;
    progress: number;
    credits: number;
    refunded: boolean;
    error: string | null;
    data: unknown;
    result: { outputs?: TaskOutput[] } | null;
    retry_of: string;
  };
  user_id: number;
  email: string;
  engine: string;
  backend: string;
  prompt_id: string;
  deleted: number;
  created_ms: number;
  started_ms: number;
  finished_ms: number;
  can_refund: boolean;
}

export interface Missing {
  module: string;
  what: string;
}

export interface ComfyServer {
  id: string;
  url: string;
  up: boolean;
  error: string;
  node_types: number;
  running: string[];
  pending: number;
  in_rotation: boolean;
  can_run: string[];
  missing: Missing[];
}

export interface EnginesReport {
  comfyui: ComfyServer[];
  fal: { id: string; description: string; in_rotation: boolean; can_run: string[]; missing: Missing[] } | null;
  source: string;
  routes: { module: string; order: string[]; runs_on: string | null; what: string; skipped: Missing[] }[];
}

export const listTasks = (f: TaskFilters, page: number) => {
  const params: Record<string, string | number> = { page };
  for (const key of ["user", "module", "status", "engine"] as const) if (f[key].trim()) params[key] = f[key].trim();
  if (f.from !== undefined) params.from = f.from;
  if (f.to !== undefined) params.to = f.to;
  return request({ method: "GET", path: "/v1/admin/tasks", params, noCacheBust: true }) as Promise<{ list: TaskLine[]; total: number; page_size: number }>;
};
export const getTask = (id: string) => request({ method: "GET", path: `/v1/admin/tasks/${encodeURIComponent(id)}`, noCacheBust: true }) as Promise<TaskDetail>;
export const taskAction = (id: string, action: "retry" | "cancel" | "refund") =>
  request({ method: "POST", path: `/v1/admin/tasks/${encodeURIComponent(id)}/${action}`, params: {} }) as Promise<{ task_id?: string }>;
export const getEngines = () => request({ method: "GET", path: "/v1/admin/engines", noCacheBust: true }) as Promise<EnginesReport>;
export const setRotation = (id: string, inRotation: boolean) =>
  request({ method: "POST", path: `/v1/admin/engines/${encodeURIComponent(id)}/rotation`, params: { in: inRotation } }) as Promise<{ in_rotation: boolean }>;
