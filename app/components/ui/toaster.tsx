/**
 * Toasts: the server's flash toast is rendered in the HTML (visible without JavaScript); with JavaScript, toasts
 * raised in the browser join it, at most TOAST_LIMIT at once, each dismissed after TOAST_DURATION_MS, or by its
 * Dismiss button.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Toast, ToastInput } from "~/modules/toast/toast";
import { TOAST_DURATION_MS, TOAST_LIMIT } from "~/modules/toast/toast-limits";
import { CloseIcon } from "~/components/chat/icons";
import { useHydrated } from "./use-hydrated";

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

export const useToast = () => useContext(ToastContext);

const variantClasses: Record<Toast["type"], string> = {
  default: "border-zinc-700 bg-zinc-900",
  destructive: "border-red-700 bg-red-950",
  success: "border-emerald-700 bg-emerald-950",
  warning: "border-amber-700 bg-amber-950",
  info: "border-sky-700 bg-sky-950",
};

export function ToastProvider({ serverToast, children }: { serverToast: Toast | null; children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>(serverToast ? [serverToast] : []);

  const show = useCallback((input: ToastInput) => {
    const toast: Toast = { id: crypto.randomUUID(), type: "default", ...input };
    setToasts((current) => [...current.filter((t) => t.id !== toast.id), toast].slice(-TOAST_LIMIT));
  }, []);

  // A navigation brings a new flash toast: add it while rendering, as React advises for state derived from props.
  const [seenServerToast, setSeenServerToast] = useState(serverToast);
  if (serverToast !== seenServerToast) {
    setSeenServerToast(serverToast);
    if (serverToast) show(serverToast);
  }

  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <ol
        data-toast-list
        aria-label={t("toasts.label")}
        className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-96"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // Held while the keyboard is on it (its Dismiss button): a toast does not vanish from under its reader.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss, held]);
  return (
    // The role sits inside the item: on the <li> itself it would hide the list item the <ol> must hold.
    <li
      className={`pointer-events-auto flex items-start gap-2 rounded-lg border p-4 text-sm shadow-lg ${variantClasses[toast.type]}`}
      data-toast-type={toast.type}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div role={toast.type === "destructive" ? "alert" : "status"} className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-zinc-300">{toast.description}</p> : null}
      </div>
      {/* Needs JavaScript, like the copy buttons: without it the toast fades by itself (root.tsx). */}
      <button
        type="button"
        className="icon-btn -my-1 -mr-2 shrink-0"
        aria-label={t("toasts.dismiss")}
        hidden={!hydrated}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </li>
  );
}
