// The cluster test's users: each signs up, buys credits through the test store, claims the daily
// check-in, keeps its task event stream open (reopening it whenever it ends, as the app does) and
// creates tasks, all through nginx. Calls that meet a stopping instance (a refused connection, a
// 502/503, a database restarting) are tried again; a creation carries an Idempotency-Key, so a
// retried one is charged once (docs/api.md#retrying-safely).
import { deflateSync, crc32 } from "node:zlib";
import { randomUUID } from "node:crypto";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A real PNG: `w` × `h` pixels of a gradient. */
export function png(w, h) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) row.set([(x * 255) / w, (y * 255) / h, 128], 1 + x * 3);
    rows.push(row);
  }
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([sig, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

export class User {
  constructor(base, n, stats) {
    this.base = base;
    this.email = `cluster-${Date.now().toString(36)}-${n}@example.test`;
    this.stats = stats;
    /** task id → { module, created (ms), status seen on the stream, ended (ms) } */
    this.tasks = new Map();
    this.streams = 0;
    this.closed = false;
  }

  /** One call with the usual envelope; retried while the cluster is changing. */
  async call(method, path, body, { headers = {}, retry = true } = {}) {
    const end = Date.now() + 120_000;
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let text = "";
      try {
        const res = await fetch(this.base + path, {
          method,
          headers: { "Content-Type": "application/json", ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        text = await res.text();
        const answer = JSON.parse(text);
        if (answer.code === 0) return answer.data;
        // 409: a request with the same Idempotency-Key is still being done (or its instance
        // died mid-request, and its claim is taken over after a minute): send it again.
        if (status < 500 && status !== 429 && status !== 409) throw Object.assign(new Error(`${method} ${path}: ${status} ${answer.msg}`), { final: true, answer });
      } catch (e) {
        if (e.final || !retry || Date.now() > end) throw e;
      }
      this.stats.retries += 1;
      await sleep(Math.min(2000, 200 * (attempt + 1)));
    }
  }

  async signUp() {
    const { code } = await this.call("POST", "/account/register", { email: this.email, password: "correct horse battery 42" }, { retry: false });
    this.token = (await this.call("POST", "/v1/oauth/token", { code })).access_token;
  }

  async buyCredits() {
    await this.call("POST", "/store/checkout/pay", { sku_id: 24120010, zero: 0, session: "cluster" }, { retry: false });
  }

  /** The daily check-in: claimed once; a retry after a lost answer finds it claimed. */
  async checkIn() {
    try {
      await this.call("POST", "/v1/activity/checkin", { code: "daily_checkin" });
    } catch (e) {
      if (!/already/i.test(String(e.message))) throw e;
    }
  }

  /** Keeps the event stream open until `close()`, reopening it after each end. */
  async streamEvents() {
    while (!this.closed) {
      try {
        this.abort = new AbortController();
        const res = await fetch(`${this.base}/v1/ai/events`, { headers: { Authorization: `Bearer ${this.token}` }, signal: this.abort.signal });
        if (res.status !== 200) throw new Error(`events: ${res.status}`);
        this.streams += 1;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let at;
          while ((at = buffer.indexOf("\n\n")) >= 0) {
            this.onEvent(buffer.slice(0, at));
            buffer = buffer.slice(at + 2);
          }
        }
      } catch {
        // The instance went away: open a new stream, as the app's EventSource does.
      }
      if (!this.closed) await sleep(300);
    }
  }

  onEvent(block) {
    let name = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data += line.slice(5).trim();
    }
    if (name === "updateList") {
      // Events of another instance may have been missed: read the list again, as the app does.
      this.reloadList().catch(() => {});
      return;
    }
    if (name !== "addTask" && name !== "updateTask") return;
    const t = JSON.parse(data);
    this.see(t.task_id ?? t.taskId, t.status);
  }

  see(id, status) {
    const task = this.tasks.get(id);
    if (!task) return;
    task.streamStatus = status;
    if (["succeeded", "failed", "cancelled"].includes(status) && !task.ended) task.ended = Date.now();
  }

  async reloadList() {
    const list = await this.call("POST", "/v1/ai/task", { page: 1, page_size: 100 });
    for (const t of list.list ?? []) this.see(t.task_id, t.status);
  }

  async create(module) {
    let data = { prompt: `a lighthouse in the fog, take ${this.tasks.size}` };
    if (module === "image2image") {
      const grant = await this.call("GET", "/v1/common/oss/token?algorithm=image2image&ext=png");
      for (let attempt = 0; ; attempt++) {
        const res = await fetch(grant.upload_url, { method: grant.method, headers: grant.headers, body: png(64, 48) }).catch(() => null);
        if (res?.ok) break;
        if (attempt > 20) throw new Error(`upload: ${res?.status}`);
        this.stats.retries += 1;
        await sleep(500);
      }
      data = { file_path: grant.oss_path, prompt: "make it night" };
    }
    const created = Date.now();
    const task = await this.call("POST", `/v1/ai/create/${module}`, { data }, { headers: { "Idempotency-Key": randomUUID() } });
    this.tasks.set(task.task_id, { module, created });
  }

  close() {
    this.closed = true;
    this.abort?.abort();
  }
}
