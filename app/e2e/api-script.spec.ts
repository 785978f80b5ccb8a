/**
 * The script of docs/api.md ("Create, wait, download") run exactly as the page shows it: the
 * first ```js block under that heading is written to a file and run with Node against the test
 * server, with an API key made for a new user. It uploads a picture, has it enhanced, waits and
 * saves the result, so the page cannot drift from what the server answers.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { registerUser } from "./create-support";
import { expect, test } from "./fixtures";

const run = promisify(execFile);

/** The first ```js block after the heading `## Create, wait, download` of docs/api.md. */
function docScript(): string {
  const page = readFileSync(resolve(import.meta.dirname, "../../docs/api.md"), "utf8");
  const section = page.split("\n## Create, wait, download\n")[1];
  const block = section?.match(/```js\n([\s\S]*?)\n```/);
  if (!block?.[1]) throw new Error("docs/api.md: no ```js block under ## Create, wait, download");
  return block[1];
}

test("the script of docs/api.md uploads a picture, waits for its task and saves the result", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const user = await registerUser(request);
  const made = await request.post("/v1/keys", {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { name: "docs script", scopes: ["tasks:create", "tasks:read", "balance:read"] },
  });
  expect(made.status()).toBe(200);
  const key: string = (await made.json()).data.key;

  // A small picture to upload: a drawn square, as PNG.
  await page.setContent('<div style="width:96px;height:64px;background:linear-gradient(90deg,#c33,#36c)"></div>');
  const picture = await page.locator("div").screenshot();

  const dir = mkdtempSync(join(tmpdir(), "aivg-docs-script-"));
  try {
    writeFileSync(join(dir, "enhance.mjs"), docScript());
    writeFileSync(join(dir, "photo.png"), picture);
    const { stdout } = await run(process.execPath, ["enhance.mjs", "photo.png"], {
      cwd: dir,
      env: { ...process.env, AIVG_URL: baseURL ?? "", AIVG_KEY: key },
      timeout: 100_000,
    });
    expect(stdout).toContain("credits left: 5");
    expect(stdout).toMatch(/task \S+ is (queued|running)/);
    expect(stdout).toContain("saved output-0");
    const saved = readdirSync(dir).filter((f) => f.startsWith("output-0."));
    expect(saved).toHaveLength(1);
    // A PNG twice the size (or more) of the one uploaded.
    const out = readFileSync(join(dir, saved[0] ?? ""));
    expect(out.subarray(1, 4).toString()).toBe("PNG");
    expect(out.readUInt32BE(16)).toBeGreaterThan(96);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
