/**
 * The product logo, drawn inline (the same drawing as public/logo.svg and index.html's boot
 * skeleton). As an `<img>` it cost a request and, in Chromium, a whole isolated SVG document per
 * image before the first paint (docs/performance.md).
 */
export function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width="32" height="32">
      <rect width="32" height="32" rx="8" fill="#6d5cff" />
      <path d="M12 9v14l11-7z" fill="#fff" />
    </svg>
  );
}
