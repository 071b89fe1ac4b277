import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { Fragment, memo, useEffect, useMemo, useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { useOptionalUser } from "~/root";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ChatPageData } from "~/modules/chats/chat-page.server";
import { formErrors, resultIntent } from "~/modules/completions/action-result";
import { filesOf } from "~/modules/attachments/form-files";
import { splitSystemPrefix } from "~/modules/completions/quick-actions";
import { messages as catalogue, toasts } from "~/modules/texts/catalogue";
import { ApiKeyDialog } from "./api-key-dialog";
import { ChatTitleBar } from "./chat-title-bar";
import { Composer } from "./composer";
import { MessageBubble } from "./message-bubble";
import { EditQuestion, IntentButton, VersionSwitch } from "./message-controls";
import { QuickActions } from "./quick-actions";
import { ScrollToBottom } from "./scroll-to-bottom";
import { SystemInstruction } from "./system-instruction";
import { useReply, useSend } from "./reply-store";
import { useReplyNotification } from "./use-reply-notification";
import { useTranslation } from "react-i18next";
import { sameProps } from "~/utils/same-props";

type Message = ChatPageData["messages"][number];

/**
 * The warning after several failed replies in a row. Only an admin can check the vendor configuration, so only an
 * admin is told to; everyone else is told what they can do.
 */
const multipleErrorsFor = (isAdmin: boolean | undefined) =>
  isAdmin ? toasts.multipleErrors : toasts.multipleErrorsUser;

function MessageFooter({ message, modelNames }: { message: Message; modelNames: Record<string, string> }) {
  const { t } = useTranslation("chat");
  if (message.role !== "assistant") return null;
  const model = message.model_id ? (modelNames[message.model_id] ?? message.model_id) : null;
  const vendor = message.vendor_name ?? message.vendor;
  const parts = [
    model,
    vendor ? t("bubble.via", { vendor }) : null,
    message.status === "stopped" ? t("bubble.stopped") : null,
  ];
  return <span data-testid="message-meta">{parts.filter(Boolean).join(" · ")}</span>;
}

/** The typing indicator lingers after a reply, 1.5 ms per character, 500 to 1500 ms (docs/product.md §2). */
const typingLingerMs = (length: number) => Math.min(1_500, Math.max(500, Math.round(length * 1.5)));

function Thinking() {
  const { t } = useTranslation("chat");
  return <span className="text-zinc-400 motion-safe:animate-soft-pulse">{t("bubble.thinking")}</span>;
}

function PendingReply({
  completionId,
  notifications,
  justSent = false,
}: {
  completionId: string;
  notifications: boolean;
  /** The message just sent, shown while the page's data reloads: that reload brings the stored reply. */
  justSent?: boolean;
}) {
  const { revalidate } = useRevalidator();
  const toast = useToast();
  const reply = useReply(completionId);
  useReplyNotification(completionId, reply, notifications);
  const text = reply?.text ?? "";
  const finished = reply?.status === "ready" || reply?.status === "error";
  // Keyed by the reply: the chat's page replacing the new-chat page mounts this again, and one failure is one toast.
  useEffect(() => {
    if (reply?.status === "error")
      toast({
        id: `reply-failed-${completionId}`,
        type: "destructive",
        title: toasts.replyFailed.title,
        description: reply.error,
      });
  }, [reply, toast, completionId]);
  // The stored message takes this live one's place once the typing indicator has lingered.
  useEffect(() => {
    if (!finished || justSent) return;
    const timer = setTimeout(revalidate, typingLingerMs(text.length));
    return () => clearTimeout(timer);
  }, [finished, justSent, text.length, revalidate]);
  return (
    <MessageBubble role="assistant" streaming={Boolean(text) && !finished}>
      {text || <Thinking />}
    </MessageBubble>
  );
}

/**
 * A question whose reply failed: the catalogue's message under it, and Retry. The chat's last request is asked
 * again in place (regenerate); an earlier one is asked again as a new message.
 */
function FailedReply({
  message,
  question,
  questionId,
  isLast,
  persistent,
  requestId,
  canRetry,
}: {
  message: string;
  question: string;
  questionId: string;
  isLast: boolean;
  persistent: boolean;
  requestId: string;
  canRetry: boolean;
}) {
  const { t } = useTranslation("chat");
  const multipleErrors = multipleErrorsFor(useOptionalUser()?.isAdmin);
  return (
    <li
      role="alert"
      data-testid="failed-reply"
      className="rounded-lg border border-red-800 bg-red-950/60 px-4 py-3 text-sm text-red-200"
    >
      <p>{message}</p>
      {persistent ? (
        <p className="mt-1 font-medium">{`${multipleErrors.title}: ${multipleErrors.description}`}</p>
      ) : null}
      {canRetry ? (
        <div className="mt-2">
          {isLast ? (
            <IntentButton intent="regenerate" fields={{ requestId, questionId }}>
              {t("view.retry")}
            </IntentButton>
          ) : (
            <IntentButton intent="send" fields={{ requestId, content: question }}>
              {t("view.retry")}
            </IntentButton>
          )}
        </div>
      ) : null}
    </li>
  );
}

function PlanNotice({ messagesLeft, dailyReplies }: { messagesLeft: number | null; dailyReplies: number }) {
  if (messagesLeft === null) return null;
  return (
    <span data-testid="messages-left">
      {catalogue.messagesLeft(messagesLeft, dailyReplies)}
      <Link to="/pricing" className="text-brand-light underline-offset-2 hover:underline">
        {catalogue.upgradeLink}
      </Link>
    </span>
  );
}

interface Failure {
  message: string;
  question: string;
  questionId: string;
  isLast: boolean;
}

/** A failed request's error goes under what it left: its partial reply when one was stored, else the question. */
function failuresByMessage(
  messages: Message[],
  failures: ChatPageData["failures"],
  lastCompletionId: ChatPageData["lastCompletionId"],
) {
  const failureAfter = new Map<string, Failure>();
  for (const message of messages) {
    if (message.role !== "user") continue;
    const failure = failures[message.id];
    if (!failure) continue;
    const partial = messages.find((m) => m.completion_id === failure.completionId);
    failureAfter.set(partial?.id ?? message.id, {
      message: failure.message,
      question: message.content,
      questionId: message.id,
      isLast: failure.completionId === lastCompletionId,
    });
  }
  return failureAfter;
}

/**
 * A stored message's element id: 'Show earlier messages' links to it so the page opens where it was, and a
 * search result so the chat opens at the message found.
 */
const messageAnchor = (messageId: string) => `message-${messageId}`;

/**
 * One stored message with its controls, and the error of a request that failed after it. Memoized by value: the
 * chat re-renders on every step of a send (submitting, accepted, the reload, which brings every message back as
 * a new object), and re-rendering every earlier message then held the reply's text back.
 */
const StoredMessage = memo(function StoredMessage({
  message,
  modelNames,
  requestId,
  controls,
  editing,
  failed,
  persistentFailure,
  canRetry,
  linkedTo,
  lastReply,
}: {
  message: Message;
  modelNames: Record<string, string>;
  requestId: string;
  /** Idle and allowed to ask: the message offers regenerate or edit, and its versions can be switched. */
  controls: boolean;
  editing: boolean;
  failed: Failure | undefined;
  persistentFailure: boolean;
  canRetry: boolean;
  /** The page was opened at this message (its anchor): it is marked for a moment. */
  linkedTo: boolean;
  /** The newest reply, which the copy shortcut copies. */
  lastReply: boolean;
}) {
  const { t } = useTranslation("chat");
  if (message.role === "system")
    return <SystemInstruction id={messageAnchor(message.id)} content={message.content} linkedTo={linkedTo} />;
  return (
    <>
      <MessageBubble
        id={messageAnchor(message.id)}
        linkedTo={linkedTo}
        lastReply={lastReply}
        role={message.role}
        footer={<MessageFooter message={message} modelNames={modelNames} />}
        attachments={message.attachments}
        actions={
          <>
            {message.versions ? <VersionSwitch versions={message.versions} disabled={!controls} /> : null}
            {controls &&
            message.role === "assistant" &&
            message.completion_id &&
            message.parent_id &&
            !failed ? (
              <IntentButton intent="regenerate" fields={{ requestId, questionId: message.parent_id }}>
                {t("view.regenerate")}
              </IntentButton>
            ) : null}
            {controls && message.role === "user" ? (
              <EditQuestion
                questionId={message.id}
                content={message.content}
                requestId={requestId}
                initiallyOpen={editing}
              />
            ) : null}
          </>
        }
      >
        {message.content}
      </MessageBubble>
      {failed ? (
        <FailedReply {...failed} persistent={persistentFailure} requestId={requestId} canRetry={canRetry} />
      ) : null}
    </>
  );
}, sameProps);

/**
 * The message this page is sending, until the chat's data knows it. In a new chat it shows at once, while the
 * send is on its way, so that the page's change from the empty screen to the list is not in the way of the
 * first token; in a chat, once the send is accepted (a refused one never shows). The live reply shows once
 * accepted; `answered` is the send's client action over, after the first token's paint: the composer is
 * cleared then, not in the first token's render.
 */
function useSentMessage(requestId: string, firstMessage: boolean) {
  const navigation = useNavigation();
  const send = useSend(requestId);
  const accepted = Boolean(send) && send?.status !== "submitted";
  const form = send?.question ?? navigation.formData;
  if (!form || (form.get("intent") ?? "send") !== "send" || form.get("requestId") !== requestId) return null;
  if (!accepted && !firstMessage) return null;
  const content = form.get("content");
  if (typeof content !== "string" || !content.trim()) return null;
  // As the send stores it: a first message's "[SYSTEM: ...]" prefix is the chat's instruction, not shown.
  const question = firstMessage ? splitSystemPrefix(content.trim()).user : content.trim();
  return {
    content: question,
    // Named as the composer's chips named them; the stored message that replaces this one links them.
    attachments: filesOf(form).map(({ name, size }) => ({ name, size })),
    completionId: requestId,
    accepted,
    answered: accepted && navigation.state === "loading",
  };
}

/** Until a vendor can answer: one plain sentence, and for admins the way to the vendor setup. */
function NotSetUpNotice({ isAdmin }: { isAdmin: boolean }) {
  return (
    <p
      role="status"
      className="border-b border-zinc-800 bg-zinc-900 px-4 py-3 text-center text-sm text-zinc-300"
    >
      {catalogue.notSetUp}{" "}
      {isAdmin ? (
        <Link to="/admin/api-vendors" className="underline">
          {catalogue.setUpVendors}
        </Link>
      ) : null}
    </p>
  );
}

/** Where the model's memory starts: the messages above are not in the prompt (docs/product.md §2). */
function MemoryStart() {
  const { t } = useTranslation("chat");
  return (
    <li
      data-testid="memory-start"
      className="flex items-center gap-3 text-xs text-zinc-400 before:h-px before:flex-1 before:bg-zinc-700 after:h-px after:flex-1 after:bg-zinc-700"
    >
      {t("view.contextStart")}
    </li>
  );
}

export function ChatView(props: ChatPageData & { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("chat");
  const {
    messages,
    pendingCompletionId,
    failures,
    lastCompletionId,
    requestId,
    modelId,
    modelName,
    modelNames,
    lastResult,
    title,
    chatId,
  } = props;
  const toast = useToast();
  const sent = useSentMessage(requestId, messages.length === 0);
  const bottomRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Once more when hydrated: the controls shown only with JavaScript (the copy buttons) then take their room, and
  // the browser's scroll anchoring keeps the thread's place above them, leaving its end below the composer.
  const hydrated = useHydrated();
  // The newest message, not the count: showing earlier messages keeps the reader where they were.
  const lastMessageId = messages.at(-1)?.id;
  // A link to one message (a search result, 'Show earlier messages') opens the page there instead, until the
  // conversation moves on (a send, a reply); the browser does the same without JavaScript.
  const { hash } = useLocation();
  const [linkedTo, setLinkedTo] = useState<string | null>(null);
  const openedAt = useRef<{ hash: string; moment: string } | null>(null);
  useEffect(() => {
    const moment = `${lastMessageId} ${pendingCompletionId} ${sent?.completionId}`;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target && (openedAt.current?.hash !== hash || openedAt.current.moment === moment)) {
      openedAt.current = { hash, moment };
      target.scrollIntoView({ block: "center" });
      setLinkedTo(target.id);
      return;
    }
    bottomRef.current?.scrollIntoView({ block: "end" });
  }, [lastMessageId, pendingCompletionId, sent?.completionId, hydrated, hash]);
  const lastFailed = Object.values(failures).some((failure) => failure.completionId === lastCompletionId);
  const isAdmin = useOptionalUser()?.isAdmin;
  useEffect(() => {
    if (props.persistentFailure && lastFailed) toast({ type: "destructive", ...multipleErrorsFor(isAdmin) });
  }, [props.persistentFailure, lastFailed, toast, isAdmin]);

  const empty = messages.length === 0 && !pendingCompletionId && !sent;
  // A new chat's forms post to `/chat` (see routes/chat.tsx), a chat's to its own page.
  const postTo = chatId ? undefined : "/chat";
  const lastReply = [...messages].reverse().find((m) => m.role === "assistant");
  // A message just sent counts as a reply in progress: no second send, regenerate or edit meanwhile.
  const idle = !pendingCompletionId && !sent;
  const answered = sent?.answered ? sent.completionId : "";
  const cannotSend =
    props.isRestricted || props.mustConfirmEmail || props.messagesLeft === 0 || props.notSetUp;
  const intent = resultIntent(lastResult);
  const composerResult = intent === "send" || intent === "quick-action" ? lastResult : undefined;
  const otherErrors = composerResult ? [] : formErrors(lastResult);

  const failureAfter = useMemo(
    () => failuresByMessage(messages, failures, lastCompletionId),
    [messages, failures, lastCompletionId],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {pendingCompletionId ? (
        // Without JavaScript the page reloads itself until the reply is stored.
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <ApiKeyDialog status={props.apiKey} open={props.keyDialog} />
      {props.notSetUp ? <NotSetUpNotice isAdmin={Boolean(isAdmin)} /> : null}
      {chatId && title ? <ChatTitleBar chatId={chatId} title={title} /> : null}
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div
          ref={scrollRef}
          className="min-h-0 flex-1 overflow-y-auto px-4 py-6"
          data-opens-at-end={empty ? undefined : ""}
        >
          {empty ? (
            <div className="mx-auto flex h-full max-w-2xl flex-col items-center justify-center gap-6 text-center">
              <div>
                <h1 className="text-3xl font-semibold">{t("view.emptyTitle")}</h1>
                <p className="mt-3 text-zinc-400">{t("view.emptyHint")}</p>
              </div>
              <QuickActions
                requestId={requestId}
                disabled={cannotSend}
                locked={props.lockedQuickActions}
                postTo={postTo}
                wrap
              />
            </div>
          ) : (
            // shrink-0 and mb-auto act only in the no-JS thread laid out from the end (root.tsx): the list keeps
            // its height, and a short chat sits at the top. In the usual block layout they do nothing.
            <ol
              className="mx-auto mb-auto flex w-full max-w-3xl shrink-0 flex-col gap-5"
              aria-label={t("view.messages")}
            >
              {props.showEarlier && messages[0] ? (
                <li className="text-center">
                  <Link
                    to={`${props.showEarlier}#${messageAnchor(messages[0].id)}`}
                    preventScrollReset
                    className="text-sm text-brand-light underline-offset-2 hover:underline"
                  >
                    {t("view.showEarlier")}
                  </Link>
                </li>
              ) : null}
              {messages.map((message) => {
                const failed = failureAfter.get(message.id);
                return (
                  <Fragment key={message.id}>
                    {message.id === props.memoryStartsAt ? <MemoryStart /> : null}
                    <StoredMessage
                      message={message}
                      modelNames={modelNames}
                      requestId={requestId}
                      controls={Boolean(idle && chatId) && !cannotSend}
                      editing={props.editing === message.id}
                      failed={failed}
                      persistentFailure={Boolean(failed?.isLast && props.persistentFailure)}
                      canRetry={idle && Boolean(chatId) && !cannotSend}
                      linkedTo={linkedTo === messageAnchor(message.id)}
                      lastReply={message.id === lastReply?.id}
                    />
                  </Fragment>
                );
              })}
              {pendingCompletionId ? (
                <PendingReply
                  key={pendingCompletionId}
                  completionId={pendingCompletionId}
                  notifications={props.notifications}
                />
              ) : sent ? (
                <>
                  <MessageBubble role="user" attachments={sent.attachments}>
                    {sent.content}
                  </MessageBubble>
                  {sent.accepted ? (
                    <PendingReply
                      key={sent.completionId}
                      completionId={sent.completionId}
                      notifications={props.notifications}
                      justSent
                    />
                  ) : (
                    // Not followed before the send's answer opens it: no stream of its own for a send on its way.
                    <MessageBubble role="assistant">
                      <Thinking />
                    </MessageBubble>
                  )}
                </>
              ) : null}
            </ol>
          )}
          <div ref={bottomRef} />
        </div>
        <ScrollToBottom containerRef={scrollRef} messageCount={messages.length} />
      </div>
      <div
        className="border-t border-zinc-800 px-3 pb-2 pt-2 sm:px-4 sm:pb-3"
        data-testid="composer-area"
        data-composer
      >
        {otherErrors.length ? (
          <div
            role="alert"
            className="mx-auto mb-2 max-w-3xl rounded-lg border border-red-800 bg-red-950/60 px-3 py-2 text-center text-sm text-red-200"
          >
            {intent === "model" ? <p className="font-medium">{toasts.modelChangeFailed.title}</p> : null}
            {otherErrors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
        {props.isRestricted ? (
          <p role="status" className="mb-2 text-center text-sm text-amber-300">
            {catalogue.restricted}
          </p>
        ) : null}
        {props.mustConfirmEmail ? (
          <p role="status" className="mx-auto mb-2 max-w-3xl text-center text-sm text-amber-300">
            {catalogue.emailUnverified}{" "}
            <Link to="/settings/security" className="underline hover:text-amber-200">
              {catalogue.confirmEmailSettings}
            </Link>
          </p>
        ) : null}
        <Composer
          // A new box after each message sent; other reloads of the page (a rename, the sidebar's refresh) keep the draft.
          key={`${chatId}:${lastMessageId}:${pendingCompletionId ?? answered}`}
          requestId={requestId}
          modelId={modelId}
          disabled={cannotSend || Boolean(answered)}
          stoppable={chatId ? pendingCompletionId : null}
          lastResult={composerResult}
          postTo={postTo}
        />
        {!empty ? (
          <div className="mx-auto mt-1.5 max-w-3xl">
            <QuickActions
              requestId={requestId}
              disabled={cannotSend || !idle}
              locked={props.lockedQuickActions}
              postTo={postTo}
            />
          </div>
        ) : null}
        <p className="mx-auto mt-1.5 max-w-3xl text-center text-xs leading-4 text-zinc-400">
          <PlanNotice messagesLeft={props.messagesLeft} dailyReplies={props.dailyReplies} />
          {/* On a phone the header's model picker already names the model: the line stays one line. */}
          <span className={props.messagesLeft === null ? "" : "hidden sm:inline"}>
            {props.messagesLeft === null ? "" : " · "}
            <span>{t("view.poweredBy", { model: modelName })}</span>
          </span>
        </p>
      </div>
    </div>
  );
}
