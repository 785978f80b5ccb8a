/**
 * Popover and tooltip on Floating UI (positioning, hover intent, focus and dismissal handled by
 * the library), with core's defaults: show after 50 ms, hide after 200 ms, offset 12 px,
 * z-index 1000 (popover) and 99999 (tooltip) (docs/behaviour/languages-and-routes.md#page-frame).
 */
import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingPortal,
  offset,
  safePolygon,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  type Placement,
} from "@floating-ui/react";
import { uiConstants } from "@aivg/core/rules";
import { cloneElement, isValidElement, useState, type ReactElement, type ReactNode } from "react";

const ui = uiConstants();

interface FloatingProps {
  /** The element that opens it; must accept a ref and props. */
  children: ReactElement<Record<string, unknown>>;
  /** What it shows; a function gets `close`, for an entry that leaves the popover (opens a dialog). */
  content: ReactNode | ((close: () => void) => ReactNode);
  placement?: Placement;
  /** Hover (default) or click. */
  trigger?: "hover" | "click";
  /** Open from the start (a click that came while the popover's code was still loading). */
  defaultOpen?: boolean;
}

function useFloatingLayer(placement: Placement, trigger: "hover" | "click", role: "dialog" | "tooltip", defaultOpen = false) {
  const [open, setOpen] = useState(defaultOpen);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(ui.popoverOffsetPx), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const hover = useHover(context, {
    enabled: trigger === "hover",
    delay: { open: ui.popoverShowDelayMs, close: ui.popoverHideDelayMs },
    handleClose: safePolygon(),
  });
  const click = useClick(context, { enabled: trigger === "click" });
  const focus = useFocus(context, { enabled: role === "tooltip" });
  const dismiss = useDismiss(context);
  const roleProps = useRole(context, { role });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, click, focus, dismiss, roleProps]);
  return {
    open,
    setOpen,
    context,
    setReference: refs.setReference,
    setFloating: refs.setFloating,
    floatingStyles,
    getReferenceProps,
    getFloatingProps,
  };
}

function attach(children: FloatingProps["children"], ref: (node: HTMLElement | null) => void, props: Record<string, unknown>) {
  if (!isValidElement(children)) throw new Error("Popover and Tooltip need one element child");
  return cloneElement(children, { ref, ...props } as Record<string, unknown>);
}

export function Popover({ children, content, placement = "bottom", trigger = "hover", defaultOpen = false }: FloatingProps) {
  const { open, setOpen, context, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } = useFloatingLayer(
    placement,
    trigger,
    "dialog",
    defaultOpen,
  );
  return (
    <>
      {attach(children, setReference, getReferenceProps(children.props))}
      {open ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div ref={setFloating} className="aivg-popover" style={{ ...floatingStyles, zIndex: ui.popoverZIndex }} {...getFloatingProps()}>
              {typeof content === "function" ? content(() => setOpen(false)) : content}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}

export function Tooltip({ children, content, placement = "top" }: Omit<FloatingProps, "trigger" | "content"> & { content: ReactNode }) {
  const { open, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } = useFloatingLayer(placement, "hover", "tooltip");
  return (
    <>
      {attach(children, setReference, getReferenceProps(children.props))}
      {open ? (
        <FloatingPortal>
          <div ref={setFloating} className="aivg-tooltip" style={{ ...floatingStyles, zIndex: ui.tooltipZIndex }} {...getFloatingProps()}>
            {content}
          </div>
        </FloatingPortal>
      ) : null}
    </>
  );
}
