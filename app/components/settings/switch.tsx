import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A switch drawn on a button (role="switch"). In a form it is the submit button carrying the new value, so a
 * click changes the setting with or without JavaScript.
 */
export function Switch({
  checked,
  className = "",
  ...props
}: { checked: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "role" | "aria-checked">) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light disabled:cursor-not-allowed disabled:opacity-60 ${
        checked ? "bg-brand" : "bg-zinc-700"
      } ${className}`}
      {...props}
    >
      <span
        aria-hidden
        className={`pointer-events-none block h-5 w-5 rounded-full bg-[#fff] shadow transition-transform ${
          checked ? "translate-x-5" : "translate-x-0"
        }`}
      />
    </button>
  );
}

/** A settings row: label and hint on the left, the control on the right. */
export function SettingRow({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={id} className="text-sm font-medium text-zinc-100">
          {label}
        </p>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-xs text-zinc-400">
            {hint}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
