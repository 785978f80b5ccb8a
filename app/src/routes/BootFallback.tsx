import { Logo } from "../features/frame/Logo";

/**
 * Shown while the first navigation's loaders run (language messages, the page module): the same
 * header bar with the logo as index.html's boot skeleton, so the screen does not blank in between.
 */
export function BootFallback() {
  return (
    <div className="boot-header">
      <Logo />
    </div>
  );
}
