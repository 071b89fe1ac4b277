import * as Tooltip from "@radix-ui/react-tooltip";
import { PaperclipIcon, SpeakerIcon, StopIcon } from "./icons";
import { useFormat } from "~/modules/i18n/format";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { voicePlaybackText } from "~/modules/settings/settings-messages";
import { useOptionalUser } from "~/root";
import { CopyButton, useHydrated } from "./copy-button";
import { Markdown } from "./markdown";
import { useTranslation } from "react-i18next";

/**
 * One message. The user's words are a bubble on the right; a reply takes the conversation column's full width.
 * Assistant text renders as Markdown (`markdown` defaults to true for assistant messages whose
 * children are a string, the raw reply); user text renders as typed, whitespace kept. Under the bubble: the
 * footer (model, vendor), then the actions: copy (JavaScript only), read aloud (assistant), and `actions`.
 */
export function MessageBubble({
  id,
  linkedTo = false,
  role,
  children,
  footer,
  actions,
  markdown,
  streaming = false,
  attachments = [],
  lastReply = false,
}: {
  /** The element's id, for a link to this message. */
  id?: string;
  /** The page was opened at this message by a link: marked for a moment (without JavaScript, :target does it). */
  linkedTo?: boolean;
  role: "user" | "assistant";
  children: ReactNode;
  footer?: ReactNode;
  /** Extra buttons for this message (regenerate, edit), shown after copy and read-aloud. */
  actions?: ReactNode;
  markdown?: boolean;
  /** A reply still arriving: a typing cursor follows the text, and copy / read-aloud wait for the end. */
  streaming?: boolean;
  /**
   * The files sent with a question, each a link its owner downloads it by (docs/product.md §14); a question
   * just sent names its files before the server has said where they are.
   */
  attachments?: AttachedFile[];
  /** The chat's newest stored reply, whose copy button Ctrl+Shift+C reaches (./shortcuts.ts). */
  lastReply?: boolean;
}) {
  const { t } = useTranslation("chat");
  const mine = role === "user";
  const contentRef = useRef<HTMLDivElement>(null);
  const source = typeof children === "string" ? children : null;
  const asMarkdown = source !== null && (markdown ?? role === "assistant");
  // Copy gives the reply as written (its Markdown); read-aloud speaks what is shown.
  const shownText = () => contentRef.current?.innerText ?? "";
  // 'Thinking...' (a reply with no text yet) has nothing to copy or read aloud, as a reply still streaming.
  const arriving = streaming || (role === "assistant" && source === null);

  return (
    <li
      id={id}
      className={`flex flex-col ${mine ? "items-end" : "items-start"}`}
      data-role={role}
      data-streaming={streaming ? "" : undefined}
      data-linked-to={linkedTo ? "" : undefined}
    >
      <div
        className={`min-w-0 text-[15px] leading-relaxed ${
          mine ? "max-w-[85%] rounded-2xl bg-brand/90 px-4 py-3 text-white" : "w-full text-zinc-100"
        }`}
      >
        <div
          ref={contentRef}
          className={`${asMarkdown ? "min-w-0" : "whitespace-pre-wrap break-words"} ${streaming ? "typing-cursor" : ""}`}
          data-testid="message-content"
        >
          {asMarkdown ? <Markdown text={source} /> : children}
        </div>
        <AttachedFiles files={attachments} />
      </div>
      <div
        className={`mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-400 ${mine ? "max-w-[85%] px-1" : ""}`}
      >
        {footer ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="message-footer">
            {footer}
          </div>
        ) : null}
        <span className="flex flex-wrap items-center gap-0.5" aria-label={t("bubble.actions")} role="group">
          {arriving ? null : (
            <CopyButton
              getText={() => source ?? shownText()}
              label={mine ? t("bubble.copyMessage") : t("bubble.copyReply")}
              shortcut={lastReply ? "copyReply" : undefined}
            />
          )}
          {role === "assistant" && !arriving ? <VoicePlayback getText={shownText} /> : null}
          {actions}
        </span>
      </div>
    </li>
  );
}

/**
 * A file as a bubble lists it: a link once stored (`id`), its size when known (a share keeps names only), and
 * for a stored image its size as shown, which its thumbnail keeps.
 */
export interface AttachedFile {
  id?: string;
  name: string;
  size?: number;
  width?: number | null;
  height?: number | null;
}

/** The thumbnail's longest side on the page, in CSS pixels (half the stored thumbnail's, for sharp screens). */
const THUMBNAIL_SHOWN = 160;

/** An image's thumbnail size on the page: its own proportions, its longer side THUMBNAIL_SHOWN at most. */
function shownSize(width: number, height: number) {
  const scale = Math.min(1, THUMBNAIL_SHOWN / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function AttachedFiles({ files }: { files: AttachedFile[] }) {
  const { t } = useTranslation("chat");
  const format = useFormat();
  if (files.length === 0) return null;
  const chip = "flex max-w-full items-center gap-1.5 rounded-lg bg-black/20 px-2 py-1 text-xs text-white";
  return (
    <ul aria-label={t("bubble.attachments")} className="mt-2 flex flex-wrap gap-1.5">
      {files.map((file, index) => {
        const label = (
          <>
            <PaperclipIcon className="h-3.5 w-3.5" />
            <span className={`min-w-0 truncate ${file.id ? "underline" : ""}`}>{file.name}</span>
            {file.size !== undefined && (
              <span className="shrink-0 opacity-80">{format.bytes(file.size)}</span>
            )}
          </>
        );
        if (file.id && file.width && file.height)
          return (
            <li key={file.id} className="max-w-full">
              <a href={`/files/${file.id}`} className="block overflow-hidden rounded-lg hover:opacity-90">
                <img
                  src={`/files/${file.id}/thumbnail`}
                  alt={file.name}
                  title={file.name}
                  loading="lazy"
                  {...shownSize(file.width, file.height)}
                  className="block bg-black/20"
                />
              </a>
            </li>
          );
        return (
          <li key={file.id ?? `${index}:${file.name}`} className="max-w-full">
            {file.id ? (
              <a href={`/files/${file.id}`} download={file.name} className={`${chip} hover:bg-black/30`}>
                {label}
              </a>
            ) : (
              <span className={chip}>{label}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Read aloud, for Professional. Professional users get the browser's own speech synthesis; everyone else
 * a link to /pricing with a tooltip that says why. Without JavaScript only the link is shown.
 * See docs/product.md §2.
 */
export function VoicePlayback({ getText }: { getText: () => string }) {
  const user = useOptionalUser();
  if (user?.isProfessional) return <SpeakButton getText={getText} />;
  return <UpgradeToSpeak />;
}

function UpgradeToSpeak() {
  const hydrated = useHydrated();
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Link
            to="/pricing"
            className="icon-btn"
            aria-label={voicePlaybackText.proOnly}
            // Without JavaScript there is no tooltip: the browser's own title says it instead.
            title={hydrated ? undefined : voicePlaybackText.proOnly}
          >
            <SpeakerIcon />
          </Link>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-50 max-w-xs rounded-md border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-xs text-zinc-100 shadow-lg"
          >
            {voicePlaybackText.proOnly}
            <Tooltip.Arrow className="fill-zinc-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

const noSubscription = () => () => undefined;

/** Whether this browser can speak; false on the server and while hydrating, so both renders agree. */
function useSpeechSupported() {
  return useSyncExternalStore(
    noSubscription,
    () => "speechSynthesis" in window && "SpeechSynthesisUtterance" in window,
    () => false,
  );
}

function SpeakButton({ getText }: { getText: () => string }) {
  const supported = useSpeechSupported();
  const [speaking, setSpeaking] = useState(false);
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);

  // Leaving the page (or this message) stops this message's speech.
  useEffect(
    () => () => {
      if (utterance.current && "speechSynthesis" in window) window.speechSynthesis.cancel();
    },
    [],
  );

  const toggle = () => {
    const synth = window.speechSynthesis;
    if (speaking) {
      synth.cancel();
      setSpeaking(false);
      return;
    }
    synth.cancel(); // One voice at a time: stop any other message being read.
    const next = new SpeechSynthesisUtterance(getText());
    next.lang = document.documentElement.lang || "en";
    next.onend = next.onerror = () => {
      if (utterance.current === next) {
        utterance.current = null;
        setSpeaking(false);
      }
    };
    utterance.current = next;
    setSpeaking(true);
    synth.speak(next);
  };

  const label = speaking ? voicePlaybackText.stop : voicePlaybackText.play;
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={toggle}
      hidden={!supported}
      aria-label={label}
      title={label}
      aria-pressed={speaking}
    >
      {speaking ? <StopIcon /> : <SpeakerIcon />}
    </button>
  );
}
