import type { SubmissionResult } from "@conform-to/react";
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useToast } from "~/components/ui/toaster";
import type { ChatPageData } from "~/modules/chats/chat-page.server";
import { STARTER_DAILY_MESSAGES } from "~/modules/billing/plan";
import { formErrors, resultIntent } from "~/modules/completions/action-result";
import { ApiKeyDialog } from "./api-key-dialog";
import { ChatTitleBar } from "./chat-title-bar";
import { Composer } from "./composer";
import { MessageBubble } from "./message-bubble";
import { EditLastMessage, IntentButton } from "./message-controls";
import { QuickActions } from "./quick-actions";
import { ScrollToBottom } from "./scroll-to-bottom";
import { useCompletionStream } from "./use-completion-stream";
import { useReplyNotification } from "./use-reply-notification";

type Message = ChatPageData["messages"][number];

const MULTIPLE_ERRORS = {
  title: "Multiple Errors",
  description:
    "There seems to be a persistent issue with the API service. Please check the vendor configuration in admin settings.",
};

function MessageFooter({ message, modelNames }: { message: Message; modelNames: Record<string, string> }) {
  if (message.role !== "assistant") return null;
  const model = message.model_id ? (modelNames[message.model_id] ?? message.model_id) : null;
  const parts = [
    model,
    message.vendor ? `via ${message.vendor}` : null,
    message.status === "stopped" ? "stopped" : null,
  ];
  return <span data-testid="message-meta">{parts.filter(Boolean).join(" · ")}</span>;
}

/** The typing indicator lingers after a reply, 1.5 ms per character, 500 to 1500 ms (docs/product.md §2). */
const typingLingerMs = (length: number) => Math.min(1_500, Math.max(500, Math.round(length * 1.5)));

function PendingReply({
  chatId,
  completionId,
  notifications,
}: {
  chatId: string | null;
  completionId: string;
  notifications: boolean;
}) {
  const { revalidate } = useRevalidator();
  const toast = useToast();
  const stream = useCompletionStream(completionId);
  useReplyNotification(completionId, stream, notifications);
  const finished = stream.status !== "waiting" && stream.status !== "streaming";
  useEffect(() => {
    if (stream.status === "error")
      toast({ type: "destructive", title: "Error", description: stream.message });
  }, [stream, toast]);
  // The stored message takes this live one's place once the typing indicator has lingered.
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(revalidate, typingLingerMs(stream.text.length));
    return () => clearTimeout(timer);
  }, [finished, stream.text.length, revalidate]);
  return (
    <MessageBubble
      role="assistant"
      streaming={Boolean(stream.text) && !finished}
      footer={
        chatId && !finished ? (
          <IntentButton intent="stop" fields={{ completionId }}>
            Stop
          </IntentButton>
        ) : null
      }
    >
      {stream.text || <span className="animate-pulse text-zinc-400">Thinking...</span>}
    </MessageBubble>
  );
}

function PlanNotice({ messagesLeft }: { messagesLeft: number | null }) {
  if (messagesLeft === null) return null;
  return (
    <p className="mt-2 text-center text-xs text-zinc-500" data-testid="messages-left">
      {messagesLeft > 0
        ? `${messagesLeft} of ${STARTER_DAILY_MESSAGES} free messages left today. `
        : `You've used today's ${STARTER_DAILY_MESSAGES} free messages. `}
      <Link to="/pricing" className="text-brand-light hover:underline">
        Upgrade to Professional
      </Link>
    </p>
  );
}

export function ChatView(props: ChatPageData & { lastResult: SubmissionResult<string[]> | undefined }) {
  const {
    messages,
    pendingCompletionId,
    failure,
    requestId,
    modelId,
    modelName,
    modelNames,
    lastResult,
    title,
    chatId,
  } = props;
  const toast = useToast();
  const bottomRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bottomRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pendingCompletionId]);
  useEffect(() => {
    if (props.persistentFailure && failure) toast({ type: "destructive", ...MULTIPLE_ERRORS });
  }, [props.persistentFailure, failure, toast]);

  const empty = messages.length === 0 && !pendingCompletionId;
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  const last = messages.at(-1);
  const idle = !pendingCompletionId;
  const cannotSend = props.isRestricted || props.messagesLeft === 0;
  const intent = resultIntent(lastResult);
  const composerResult = intent === "send" || intent === "quick-action" ? lastResult : undefined;
  const otherErrors = composerResult ? [] : formErrors(lastResult);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {pendingCompletionId ? (
        // Without JavaScript the page reloads itself until the reply is stored.
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <ApiKeyDialog status={props.apiKey} open={props.keyDialog} />
      {chatId && title ? <ChatTitleBar chatId={chatId} title={title} /> : null}
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-4 py-6">
          {empty ? (
            <div className="mx-auto flex h-full max-w-2xl flex-col items-center justify-center gap-6 text-center">
              <div>
                <h1 className="text-3xl font-semibold">{title ?? "What can I help with?"}</h1>
                <p className="mt-3 text-zinc-400">Ask anything without limitations...</p>
              </div>
              <QuickActions requestId={requestId} disabled={cannotSend} />
            </div>
          ) : (
            <ol className="mx-auto flex max-w-3xl flex-col gap-4" aria-label="Messages">
              {messages.map((message) => {
                const isLastUser = idle && message.id === lastUser?.id && chatId;
                const isLastReply = idle && message.id === last?.id && message.role === "assistant" && chatId;
                return (
                  <MessageBubble
                    key={message.id}
                    role={message.role}
                    footer={<MessageFooter message={message} modelNames={modelNames} />}
                    actions={
                      <>
                        {isLastReply && !cannotSend ? (
                          <IntentButton intent="regenerate" fields={{ requestId }}>
                            Regenerate
                          </IntentButton>
                        ) : null}
                        {isLastUser && !cannotSend ? (
                          <EditLastMessage
                            content={message.content}
                            requestId={requestId}
                            initiallyOpen={props.editing}
                          />
                        ) : null}
                      </>
                    }
                  >
                    {message.content}
                  </MessageBubble>
                );
              })}
              {pendingCompletionId ? (
                <PendingReply
                  key={pendingCompletionId}
                  chatId={chatId}
                  completionId={pendingCompletionId}
                  notifications={props.notifications}
                />
              ) : null}
              {failure && idle ? (
                <li
                  role="alert"
                  className="rounded-lg border border-red-800 bg-red-950/60 px-4 py-3 text-sm text-red-200"
                >
                  <p>{failure}</p>
                  {props.persistentFailure ? (
                    <p className="mt-1 font-medium">{`${MULTIPLE_ERRORS.title}: ${MULTIPLE_ERRORS.description}`}</p>
                  ) : null}
                  {chatId && !cannotSend ? (
                    <div className="mt-2">
                      <IntentButton intent="regenerate" fields={{ requestId }}>
                        Retry
                      </IntentButton>
                    </div>
                  ) : null}
                </li>
              ) : null}
            </ol>
          )}
          <div ref={bottomRef} />
        </div>
        <ScrollToBottom containerRef={scrollRef} messageCount={messages.length} />
      </div>
      <div className="border-t border-zinc-800 px-4 py-3">
        {otherErrors.length ? (
          <div
            role="alert"
            className="mb-2 rounded-lg border border-red-800 bg-red-950/60 px-3 py-2 text-center text-sm text-red-200"
          >
            {intent === "model" ? <p className="font-medium">Model Change Failed</p> : null}
            {otherErrors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
        {props.isRestricted ? (
          <p role="status" className="mb-2 text-center text-sm text-amber-300">
            Your account is restricted: you can read your chats but not send messages.
          </p>
        ) : null}
        <Composer
          // A new box after each message sent; other reloads of the page (a rename, the sidebar's refresh) keep the draft.
          key={`${chatId}:${messages.length}:${pendingCompletionId ?? ""}`}
          requestId={requestId}
          modelId={modelId}
          disabled={Boolean(pendingCompletionId) || cannotSend}
          lastResult={composerResult}
        />
        {!empty ? (
          <div className="mt-2">
            <QuickActions requestId={requestId} disabled={cannotSend || !idle} />
          </div>
        ) : null}
        <PlanNotice messagesLeft={props.messagesLeft} />
        <p className="mt-2 text-center text-xs text-zinc-500">
          Powered by Together AI. Current model: {modelName}
        </p>
      </div>
    </div>
  );
}
