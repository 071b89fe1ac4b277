/**
 * The sidebar's chat list over time: the layout loader's list, newer on every revalidation (after
 * any change), and re-read from GET /api/chats every 30 s and when the tab comes back into view. A failed
 * read keeps the last good list and shows 'Failed to load chat history: …' with Retry, plus a toast.
 * See docs/product.md §6.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { chatTexts, chatToasts, HISTORY_REFRESH_MS } from "~/modules/chats/chat-messages";
import { chatListResponseSchema, type ChatListItem } from "~/modules/chats/schemas";

type Fetched = { ok: true; chats: ChatListItem[] } | { ok: false; message: string };

async function fetchChatList(): Promise<Fetched> {
  let response: Response;
  try {
    response = await fetch("/api/chats", { headers: { Accept: "application/json" }, cache: "no-store" });
  } catch {
    return { ok: false, message: chatTexts.historyOffline };
  }
  const parsed = chatListResponseSchema.safeParse(await response.json().catch(() => null));
  if (response.ok && parsed.success && "chats" in parsed.data) return { ok: true, chats: parsed.data.chats };
  if (parsed.success && "error" in parsed.data) return { ok: false, message: parsed.data.error };
  return { ok: false, message: `${response.status} ${response.statusText}`.trim() };
}

export function useChatHistory(loaderChats: ChatListItem[] | null, loaderError: string | null) {
  const toast = useToast();
  const [state, setState] = useState({
    chats: loaderChats ?? [],
    error: loaderError,
    fromLoader: loaderChats,
    fromLoaderError: loaderError,
  });
  // A revalidation brings a new list (or a failure, which keeps the last good list): adopt it while rendering.
  if (state.fromLoader !== loaderChats || state.fromLoaderError !== loaderError) {
    setState({
      chats: loaderChats ?? state.chats,
      error: loaderError,
      fromLoader: loaderChats,
      fromLoaderError: loaderError,
    });
  }

  // A refresh that started before the latest revalidation must not overwrite its newer list.
  const generation = useRef(0);
  useEffect(() => {
    generation.current += 1;
  }, [loaderChats]);
  const lastError = useRef<string | null>(loaderError);

  const refresh = useCallback(
    async (manual: boolean) => {
      const started = generation.current;
      const result = await fetchChatList();
      if (generation.current !== started) return;
      if (result.ok) {
        lastError.current = null;
        setState((current) => ({ ...current, chats: result.chats, error: null }));
        return;
      }
      // Toast when the list first fails, or when the user asked; not every 30 s while it stays down.
      if (manual || lastError.current === null) {
        toast({ type: "destructive", ...chatToasts.historyFailed(result.message) });
      }
      lastError.current = result.message;
      setState((current) => ({ ...current, error: result.message }));
    },
    [toast],
  );

  useEffect(() => {
    const refreshIfVisible = () => {
      if (document.visibilityState === "visible") refresh(false).catch(reportError);
    };
    const timer = window.setInterval(refreshIfVisible, HISTORY_REFRESH_MS);
    document.addEventListener("visibilitychange", refreshIfVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refreshIfVisible);
    };
  }, [refresh]);

  const retry = useCallback(() => {
    refresh(true).catch(reportError);
  }, [refresh]);
  return { chats: state.chats, error: state.error, retry };
}
