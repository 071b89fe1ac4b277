/**
 * The chat screen's header (docs/product.md §1): sidebar toggle, logo, model selector, New chat (below 768 px, where
 * the sidebar is not on screen) and Settings. Below 768 px
 * the toggle opens the sidebar as an overlay (a link to `?sidebar=open` without JavaScript); above, the
 * sidebar's own toggle collapses it, so there is one toggle on screen, not two. The chat's title is shown once,
 * in the title bar under this header.
 */
import { Link } from "@remix-run/react";
import { instead } from "./link-actions";
import { Logo } from "~/components/logo";
import { chatTexts } from "~/modules/chats/chat-messages";
import type { ModelOption } from "~/modules/models/models.server";
import { ModelSelector } from "./model-selector";
import { GearIcon, MenuIcon, PlusIcon } from "./icons";
import { ariaKeys } from "./shortcuts";

export interface ChatHeaderProps {
  models: ModelOption[];
  currentModelId: string;
  chatId: string | null;
  overlayOpen: boolean;
  links: { openOverlay: string; settings: string };
  onOpenOverlay: () => void;
}

export function ChatHeader({
  models,
  currentModelId,
  chatId,
  overlayOpen,
  links,
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
      <Logo compact />
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {/* On a phone the model names are long: the selector takes the room the other controls leave. */}
        <div className="min-w-0">
          <ModelSelector
            key={`${chatId ?? "new"}:${currentModelId}`}
            models={models}
            currentModelId={currentModelId}
            chatId={chatId}
          />
        </div>
        {/* From 768 px the sidebar is on screen with its own New chat: one button, not two. */}
        <Link
          to="/chat"
          className="btn-secondary px-2 md:hidden"
          aria-label={chatTexts.newChat}
          title={chatTexts.newChat}
          aria-keyshortcuts={ariaKeys("newChat")}
        >
          <PlusIcon className="h-4 w-4" />
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
