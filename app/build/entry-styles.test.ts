import { deferStylesheets } from "./entry-styles";

describe("deferStylesheets", () => {
  it("turns the entry's stylesheet link into a marked style preload", () => {
    const html = `<head>\n<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-b.css">\n</head>`;
    expect(deferStylesheets(html)).toBe(
      `<head>\n<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="preload" as="style" crossorigin href="/assets/index-b.css" data-entry-style>\n</head>`,
    );
  });

  it("handles every stylesheet link and leaves other links alone", () => {
    const html = `<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/a.css" /><link rel="stylesheet" href="/b.css">`;
    expect(deferStylesheets(html)).toBe(
      `<link rel="icon" href="/favicon.svg"><link rel="preload" as="style" href="/a.css" data-entry-style><link rel="preload" as="style" href="/b.css" data-entry-style>`,
    );
  });
});
