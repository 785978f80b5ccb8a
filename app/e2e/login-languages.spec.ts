/**
 * The log-in and sign-up dialog speaks the visitor's language and wears the visitor's theme
 * (docs/behaviour/accounts-and-sessions.md#account-pages): in /jp/ and /de/ its texts and its
 * refusals (a wrong password, a weak password) are translated sentences for people; in the dark
 * theme its page is dark and its close button stands out in both themes. And the creation form's
 * refusals are translated too (docs/behaviour/calls-and-errors.md#messages).
 */
import type { FrameLocator, Locator, Page } from "@playwright/test";
import { registerUser, signIn } from "./create-support";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

interface Expected {
  prefix: string;
  htmlLang: string;
  loginTitle: string;
  loginSubmit: string;
  registerTitle: string;
  registerSubmit: string;
  wrongCredentials: string;
  tooShort: string;
  needsDigit: string;
  emailTaken: string;
}

const LANGUAGES: Expected[] = [
  {
    prefix: "jp",
    htmlLang: "ja-JP",
    loginTitle: "ログイン",
    loginSubmit: "ログイン",
    registerTitle: "アカウントを作成",
    registerSubmit: "新規登録",
    wrongCredentials: "メールアドレスまたはパスワードが正しくありません。両方を確認するか、アカウントをお持ちでない場合は新規登録してください。",
    tooShort: "もっと長いパスワードにしてください（8文字以上）。",
    needsDigit: "英字と数字をそれぞれ1文字以上含むパスワードにしてください。",
    emailTaken: "このメールアドレスのアカウントはすでにあります。ログインしてください。",
  },
  {
    prefix: "de",
    htmlLang: "de-DE",
    loginTitle: "Anmelden",
    loginSubmit: "Anmelden",
    registerTitle: "Konto erstellen",
    registerSubmit: "Registrieren",
    wrongCredentials: "E-Mail-Adresse oder Passwort stimmen nicht. Prüfe beides oder registriere dich, wenn du noch kein Konto hast.",
    tooShort: "Wähle ein längeres Passwort: mindestens 8 Zeichen.",
    needsDigit: "Wähle ein Passwort mit mindestens einem Buchstaben und einer Ziffer.",
    emailTaken: "Für diese E-Mail-Adresse gibt es schon ein Konto. Melde dich stattdessen an.",
  },
];

async function openLogin(page: Page): Promise<FrameLocator> {
  await page.getByTestId("login-button").click();
  await expect(page.getByTestId("login-dialog")).toBeVisible();
  const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
  await expect(frame.locator("#submit")).toBeVisible();
  return frame;
}

async function submit(frame: FrameLocator, email: string, password: string): Promise<Locator> {
  await frame.locator("#email").fill(email);
  await frame.locator("#password").fill(password);
  await frame.locator("#submit").click();
  return frame.locator("#error");
}

for (const lang of LANGUAGES) {
  test(`/${lang.prefix}/: the log-in and sign-up pages and their errors are in the visitor's language`, async ({ page, request }) => {
    const email = uniqueEmail(lang.prefix);
    const registered = await request.post("/account/register", { data: { email, password: "e2e-pass-1234" } });
    expect(registered.ok()).toBe(true);

    await page.goto(`/${lang.prefix}/home`);
    const frame = await openLogin(page);
    await expect(frame.locator("html")).toHaveAttribute("lang", lang.htmlLang);
    await expect(frame.locator("h1")).toHaveText(lang.loginTitle);
    await expect(frame.locator("#submit")).toHaveText(lang.loginSubmit);

    // A wrong password: the human sentence in the page's language, not the server's English.
    await expect(await submit(frame, email, "wrong-pass-9999")).toHaveText(lang.wrongCredentials);

    // The sign-up page (the page's own link, which keeps the language).
    await frame.locator("#switch").click();
    await expect(frame.locator("h1")).toHaveText(lang.registerTitle);
    await expect(frame.locator("#submit")).toHaveText(lang.registerSubmit);
    await expect(frame.locator("html")).toHaveAttribute("lang", lang.htmlLang);
    const fresh = uniqueEmail(`${lang.prefix}-new`);
    await expect(await submit(frame, fresh, "short1")).toHaveText(lang.tooShort);
    await expect(await submit(frame, fresh, "lettersonly")).toHaveText(lang.needsDigit);
    await expect(await submit(frame, email, "e2e-pass-5678")).toHaveText(lang.emailTaken);
  });
}

/** WCAG's contrast ratio of two `rgb(…)`/`rgba(…)` colours (alpha ignored: callers pass opaque ones). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const transparent = (css: string) => css === "transparent" || /rgba\(.*,\s*0\)$/.test(css);

for (const theme of ["dark", "light"] as const) {
  test(`${theme} theme: the log-in page wears it and the close button stands out`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("aivg.theme", t), theme);
    await page.goto("/home");
    const frame = await openLogin(page);
    const pageBackground = await frame.locator("body").evaluate((b) => getComputedStyle(b).backgroundColor);
    const pageText = await frame.locator("h1").evaluate((h) => getComputedStyle(h).color);
    // Dark means dark: the page's background is far from white (and the text readable on it).
    if (theme === "dark") expect(contrast(pageBackground, "rgb(255, 255, 255)")).toBeGreaterThan(10);
    else expect(contrast(pageBackground, "rgb(0, 0, 0)")).toBeGreaterThan(10);
    expect(contrast(pageText, pageBackground)).toBeGreaterThan(7);

    const close = page.getByTestId("login-dialog").getByRole("button", { name: "Close" });
    await expect(close).toBeVisible();
    const look = await close.evaluate((b) => ({ color: getComputedStyle(b).color, background: getComputedStyle(b).backgroundColor }));
    // What the cross is drawn on: the button's own background, else the page under it.
    const under = transparent(look.background) ? pageBackground : look.background;
    expect(contrast(look.color, under), `${look.color} on ${under}`).toBeGreaterThanOrEqual(4.5);
    await close.click();
    await expect(page.getByTestId("login-dialog")).toBeHidden();
  });
}

test("/de/: the creation form's refusals are translated sentences", async ({ page, request }) => {
  const user = await registerUser(request);
  await signIn(page, user);
  await page.goto("/de/text-to-image");
  await page.getByTestId("prompt").fill("ein ruhiger Hafen im Nebel ".repeat(200));
  await page.getByTestId("generate").click();
  await expect(page.getByTestId("field-error-prompt")).toHaveText(/^Dieser Text ist zu lang: höchstens \d+ Zeichen\.$/);
});
