import { Form, Link, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { QUICK_ACTION_KEYS, type QuickActionKey } from "~/modules/completions/quick-actions";
import { useTranslation } from "react-i18next";
import { LockIcon } from "./icons";

const chipClass = "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-3 py-1 text-xs";

/**
 * Whether the row has chips beyond its right edge (a phone's scrolling row): the edge then fades out, so the
 * row shows it goes on. Without JavaScript it fades until the row wraps (`sm:`); with it, once scrolled to the
 * end it stops.
 */
function useMoreToTheRight(enabled: boolean) {
  const ref = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState(enabled);
  const measure = useCallback(() => {
    const row = ref.current;
    if (row) setMore(enabled && row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
  }, [enabled]);
  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);
  return { ref, more, measure };
}

/**
 * The chips (docs/product.md §5): each is a form of its own, so it works without JavaScript. Under the message box they stay
 * on one line that scrolls sideways on a small screen, its edge faded while more chips follow; on the empty
 * screen (`wrap`) they wrap. A chip whose model the plan does not allow (`locked`) is a link to the plans,
 * marked PRO, rather than a form the server would refuse after the click.
 */
export function QuickActions({
  requestId,
  disabled,
  locked,
  postTo,
  wrap = false,
}: {
  requestId: string;
  disabled: boolean;
  locked: QuickActionKey[];
  /** Where the chips' forms post; by default the page's own route. */
  postTo?: string;
  wrap?: boolean;
}) {
  const { t } = useTranslation("chat");
  const submitting = useNavigation().state === "submitting";
  const inactive = disabled || submitting;
  const { ref, more, measure } = useMoreToTheRight(!wrap);
  return (
    <ul
      ref={ref}
      onScroll={measure}
      // On a phone the row scrolls sideways; while its chips are disabled (a reply is being written) it has no
      // tab stop of its own to scroll it from the keyboard, so the row takes one.
      tabIndex={!wrap && inactive ? 0 : undefined}
      data-more={more ? "" : undefined}
      className={`flex gap-2 ${
        wrap
          ? "flex-wrap justify-center"
          : "-mx-3 overflow-x-auto px-3 [scrollbar-width:none] data-[more]:[mask-image:linear-gradient(to_right,#000_75%,transparent)] sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0 sm:data-[more]:[mask-image:none]"
      }`}
      aria-label={t("quickActions.label")}
    >
      {QUICK_ACTION_KEYS.map((key) => {
        const label = t(`quickActions.actions.${key}`);
        return (
          <li key={key} className="shrink-0">
            {locked.includes(key) ? (
              <Link
                to="/pricing"
                title={t("quickActions.needsPro", { action: label })}
                className={`${chipClass} border-amber-500/40 text-zinc-300 hover:border-amber-400 hover:text-white`}
              >
                <LockIcon className="h-3 w-3 text-amber-300" />
                {/* Seen: the chip's name marked PRO; heard: what it needs and where the link goes. */}
                <span aria-hidden="true">
                  {label} <span className="text-[10px] font-semibold text-amber-300">PRO</span>
                </span>
                <span className="sr-only">{t("quickActions.needsPro", { action: label })}</span>
              </Link>
            ) : (
              <Form method="post" action={postTo}>
                <input type="hidden" name="intent" value="quick-action" />
                <input type="hidden" name="action" value={key} />
                <input type="hidden" name="requestId" value={requestId} />
                <button
                  type="submit"
                  disabled={inactive}
                  className={`${chipClass} border-zinc-700 text-zinc-300 hover:border-brand-light hover:text-white disabled:opacity-50`}
                >
                  {label}
                </button>
              </Form>
            )}
          </li>
        );
      })}
    </ul>
  );
}
