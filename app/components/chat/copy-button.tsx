import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyIcon, CheckIcon } from "./icons";
import { shortcutTarget, type ShortcutId } from "./shortcuts";

import { useHydrated } from "~/components/ui/use-hydrated";

export { useHydrated };

/** Copies text, also where `navigator.clipboard` is missing (a plain-http page is not a secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the old way below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
  }
}

const COPIED_MS = 2_000;

/**
 * An icon button that copies `text` (or what `getText` returns when clicked). It needs JavaScript, so it stays
 * `hidden` until the page is hydrated: without JavaScript a visitor never meets a button that does nothing.
 * Icon-only, so it adds no words to the text around it.
 */
export function CopyButton({
  text,
  getText,
  label,
  className = "icon-btn",
  shortcut,
}: {
  text?: string;
  getText?: () => string;
  label: string;
  className?: string;
  /** The keyboard shortcut that presses this button, if one does. */
  shortcut?: ShortcutId;
}) {
  const { t } = useTranslation("chat");
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(getText ? getText() : (text ?? ""));
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), COPIED_MS);
  };
  const shown = state === "copied" ? t("copy.copied") : state === "failed" ? t("copy.failed") : label;

  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      hidden={!hydrated}
      aria-label={shown}
      title={shown}
      data-state={state}
      {...(shortcut ? shortcutTarget(shortcut) : {})}
    >
      {state === "copied" ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}
