/**
 * Ctrl+K (⌘K on a Mac) opens the search of what was said from anywhere in the chat screens; on the search page
 * it puts the cursor back in its field. Not a character in any field, so it works while typing too.
 * See docs/product.md §6 'Search'.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { SEARCH_PATH } from "~/modules/chats/chat-search";

/** The search page's field carries this attribute, for the shortcut to find it. */
export const SEARCH_FIELD = "data-search-field";
/** For aria-keyshortcuts on the fields the shortcut reaches. */
export const SEARCH_KEYS = "Control+K Meta+K";

export function useSearchShortcut() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      if (event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      const field = document.querySelector<HTMLInputElement>(`[${SEARCH_FIELD}]`);
      if (field) {
        field.focus();
        field.select();
      } else {
        navigate(SEARCH_PATH);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);
}
