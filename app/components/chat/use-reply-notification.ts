import { useEffect } from "react";
import type { Reply } from "./reply-store";

const NOTIFICATION_TITLE = "Rogue AI";
export const NOTIFICATION_BODY_LENGTH = 120;

/** The start of `text` on one line, at most `limit` characters, ending on a whole word when one ends near it. */
export function excerpt(text: string, limit = NOTIFICATION_BODY_LENGTH): string {
  const line = text.replace(/\s+/g, " ").trim();
  // Counted in code points, so the cut never splits an emoji into half a surrogate pair.
  const chars = Array.from(line);
  if (chars.length <= limit) return line;
  const cut = chars.slice(0, limit - 1).join("");
  const lastSpace = cut.lastIndexOf(" ");
  return `${lastSpace > cut.length * 0.6 ? cut.slice(0, lastSpace) : cut}…`;
}

/** What the notification says: the start of the reply, or for a failure what went wrong. */
export function notificationBody(reply: Reply): string {
  if (reply.status === "error") return excerpt(reply.error ?? "");
  return excerpt(reply.text) || (reply.stopped ? "The reply was stopped." : "The reply is ready.");
}

/**
 * The replies whose end this page has seen. The bubble that follows a reply can mount again after it ended (the
 * page moving from the new chat to its own address on a slow connection), and the end is news only once.
 */
const seenEnds = new Set<string>();

/**
 * Tells the user on the desktop that a reply has finished while they were in another tab, when they have
 * notifications on and the browser allows them: once per reply, when the page first sees its end. The tag is
 * the completion's id, so two tabs following the same reply show one notification.
 */
export function notifyReplyEnd(completionId: string, reply: Reply | undefined, enabled: boolean) {
  if (reply?.status !== "ready" && reply?.status !== "error") return;
  if (seenEnds.has(completionId)) return;
  seenEnds.add(completionId);
  if (!enabled || document.visibilityState !== "hidden") return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  let notification: Notification;
  try {
    notification = new Notification(NOTIFICATION_TITLE, {
      body: notificationBody(reply),
      tag: completionId,
    });
  } catch {
    // Chrome on Android allows notifications only from a service worker and throws here: no notification.
    return;
  }
  notification.onclick = () => {
    window.focus();
    notification.close();
  };
}

/** `notifyReplyEnd` for the reply a component shows. */
export function useReplyNotification(completionId: string, reply: Reply | undefined, enabled: boolean) {
  useEffect(() => notifyReplyEnd(completionId, reply, enabled), [completionId, reply, enabled]);
}
