/** The small line icons of the overlays (24×24 by default, docs/behaviour/languages-and-routes.md#page-frame), drawn inline. */
const PATHS = {
  plus: "M12 5v14M5 12h14",
  minus: "M5 12h14",
  close: "M6 6l12 12M18 6L6 18",
  prev: "M15 5l-7 7 7 7",
  next: "M9 5l7 7-7 7",
  rotateLeft: "M4 9a8 8 0 1 1 1 7M4 4v5h5",
  rotateRight: "M20 9a8 8 0 1 0-1 7M20 4v5h-5",
  reset: "M4 9V4h5M20 15v5h-5M4 4l6 6M20 20l-6-6",
  play: "M8 5l11 7-11 7z",
  pause: "M8 5v14M16 5v14",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
