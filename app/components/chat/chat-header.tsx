/**
 * The chat screen's header: sidebar toggle, logo, the current chat's title (large screens only),
 * model selector, New chat and Settings. The toggle opens the overlay below 768 px and collapses the sidebar
 * above; without JavaScript both are links (`?sidebar=open`, `?sidebar=collapse|expand`).
 * See docs/product.md §1.
 */
import { Link } from "@remix-run/react";
import { CollapseToggle, instead } from "./link-actions";
import { Logo } from "~/components/logo";
import { chatTexts } from "~/modules/chats/chat-messages";
import type { ModelOption } from "~/modules/models/models.server";
import { ModelSelector } from "./model-selector";
import { GearIcon, MenuIcon, PlusIcon } from "./icons";

export interface ChatHeaderProps {
  /** The open chat's title; null on a new chat. */
  title: string | null;
  models: ModelOption[];
  currentModelId: string;
  chatId: string | null;
  collapsed: boolean;
  overlayOpen: boolean;
  links: { toggleCollapse: string; openOverlay: string; settings: string };
  onToggleCollapse: () => void;
  onOpenOverlay: () => void;
}

export function ChatHeader({
  title,
  models,
  currentModelId,
  chatId,
  collapsed,
  overlayOpen,
  links,
  onToggleCollapse,
  onOpenOverlay,
}: ChatHeaderProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-800 px-3">
      <Link
        to={links.openOverlay}
        className="btn-ghost px-2 md:hidden"
        aria-label={chatTexts.openSidebar}
        aria-controls="chat-sidebar"
        aria-expanded={overlayOpen}
        onClick={instead(onOpenOverlay)}
      >
        <MenuIcon />
      </Link>
      <CollapseToggle to={links.toggleCollapse} collapsed={collapsed} onToggle={onToggleCollapse} />
      <Logo compact />
      {title ? (
        <p
          className="hidden min-w-0 truncate text-sm font-medium text-zinc-200 lg:block"
          data-testid="header-chat-title"
        >
          {title}
        </p>
      ) : null}
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {/* On a phone the model names are long: the selector takes the room the other controls leave. */}
        <div className="min-w-0 [&_form]:min-w-0 [&_select]:max-w-[calc(100vw-13.5rem)] sm:[&_select]:max-w-[14rem]">
          <ModelSelector
            key={`${chatId ?? "new"}:${currentModelId}`}
            models={models}
            currentModelId={currentModelId}
            chatId={chatId}
          />
        </div>
        <Link to="/chat" className="btn-secondary px-2 sm:px-3" title={chatTexts.newChat}>
          <PlusIcon className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">{chatTexts.newChat}</span>
        </Link>
        <Link
          to={links.settings}
          className="btn-ghost px-2"
          aria-label={chatTexts.settings}
          title={chatTexts.settings}
        >
          <GearIcon />
        </Link>
      </div>
    </header>
  );
}
