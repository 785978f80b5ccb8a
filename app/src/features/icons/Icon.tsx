/**
 * `<Icon name="home" />`: one of the project's icons, 24×24 by default
 * (docs/behaviour/languages-and-routes.md#page-frame), coloured with the text colour: the SVG is
 * the mask of a box filled with `currentColor` (iconCache.ts says why it is never inlined). Renders
 * an empty box of the same size while loading and when the icon cannot be had, so the layout never
 * jumps and nothing is logged.
 */
import { useEffect, useState, type CSSProperties } from "react";
import { cachedIcon, iconUrl, loadIcon } from "./iconCache";
import { uiConstants } from "@aivg/core/rules";
import "./icon.css";

/** docs/behaviour/languages-and-routes.md#page-frame: icons default 24x24 (core's number). */
export const ICON_SIZE = uiConstants().iconSizePx;

export interface IconProps {
  name: string;
  /** Width and height in px. */
  size?: number;
  className?: string;
  /** Accessible name; without it the icon is decorative (hidden from assistive technology). */
  label?: string;
}

export function Icon({ name, size = ICON_SIZE, className, label }: IconProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const cached = cachedIcon(name);
  useEffect(() => {
    if (cached !== undefined) return;
    let live = true;
    void loadIcon(name).then((ok) => {
      // An icon that cannot be had changes nothing on screen: no update.
      if (live && ok) setLoaded(name);
    });
    return () => {
      live = false;
    };
  }, [name, cached]);
  const ready = cached ?? loaded === name;
  const mask = `url(${JSON.stringify(iconUrl(name))})`;
  const style: CSSProperties = ready ? { width: size, height: size, maskImage: mask, WebkitMaskImage: mask } : { width: size, height: size };
  return (
    <span
      className={className ? `aivg-icon ${className}` : "aivg-icon"}
      style={style}
      data-icon={name}
      data-state={ready ? "ready" : "empty"}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
