import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { chatTexts } from "~/modules/chats/chat-messages";
import { PanelIcon } from "./icons";

/**
 * Runs `action` instead of following the link, for a plain left click: the link is what works without
 * JavaScript, the action what happens in place with it. Modified clicks (new tab, etc.) still follow the link.
 */
export const instead = (action: () => void) => (event: MouseEvent) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  action();
};

/** The sidebar's collapse/expand toggle: a link (cookie set on the server) that acts in place with JavaScript. */
export function CollapseToggle({
  to,
  collapsed,
  onToggle,
}: {
  to: string;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const label = collapsed ? chatTexts.expand : chatTexts.collapse;
  return (
    <Link
      to={to}
      className="btn-ghost hidden px-2 md:inline-flex"
      aria-label={label}
      title={label}
      aria-controls="chat-sidebar"
      aria-expanded={!collapsed}
      onClick={instead(onToggle)}
    >
      <PanelIcon />
    </Link>
  );
}
