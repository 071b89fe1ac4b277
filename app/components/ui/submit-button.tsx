import { useNavigation } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * A submit button, disabled while the page submits anything (no second submission on a double click), saying
 * `busyLabel` (if it has one) meanwhile. `intent` tells the action which button it was where a form has more than one; `busy`
 * then says whether the submission under way is this button's.
 */
export const SubmitButton = forwardRef<
  HTMLButtonElement,
  { intent?: string; className?: string; busy?: boolean; label: string; busyLabel?: string }
>(function SubmitButton({ intent, className = "btn-primary w-full", busy, label, busyLabel = label }, ref) {
  const submitting = useNavigation().state === "submitting";
  const shownBusy = busy ?? submitting;
  return (
    <button
      ref={ref}
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className={className}
      disabled={submitting}
    >
      {shownBusy ? busyLabel : label}
    </button>
  );
});
