import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation, useParams, useRevalidator, useSubmit } from "@remix-run/react";
import {
  memo,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import { ErrorList } from "~/components/ui/field";
import { useOptionalUser } from "~/root";
import { forgetDraft, readDraft, saveDraft } from "./composer-draft";
import { sendAtSubmit, stopSentReply } from "./follow-sent-reply";
import { useSend } from "./reply-store";
import { PaperclipIcon, SendIcon, StopIcon } from "./icons";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FILES_FIELD, filesOf } from "~/modules/attachments/form-files";
import { FileChips, useAttachedFiles } from "./attach-files";
import { shortcutTarget, wantsComposerFocus } from "./shortcuts";

/** The box grows with its text to at most 4 rows of 20 px, then scrolls (docs/product.md §2). */
const ROW_PX = 20;
const MAX_ROWS = 4;

/**
 * The message box. Enter sends, Shift+Enter starts a new line; it grows to four lines. While a reply is being
 * written, Stop takes Send's place (Escape stops too, ./shortcuts.ts): the same form posts intent=stop for that
 * reply, so it works without JavaScript. With JavaScript a send empties the box and offers Stop at once, before
 * the server has answered (a slow vendor must not leave the question sitting there); a refused or broken send
 * puts the words back. Files go in the same form (./attach-files.tsx), posted as multipart. Memoized: the chat
 * re-renders when a reply's first token arrives, and the box has nothing to change then.
 */
export const Composer = memo(function Composer({
  requestId,
  modelId,
  disabled,
  stoppable,
  lastResult,
  postTo,
}: {
  /** Where the form posts; by default the page's own route. */
  postTo?: string;
  requestId: string;
  modelId: string;
  disabled: boolean;
  /** The reply being written that the chat's data knows, which Stop ends; null when there is none. */
  stoppable: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("chat");
  const navigation = useNavigation();
  // A send started at its submit is on its way before the router's submission (see `onSubmit`).
  const sent = useSend(requestId);
  const submitting = navigation.state === "submitting" || Boolean(sent);
  // A send this page made is stoppable from its submit on, before the chat's data knows its reply.
  const sending = sent?.status === "submitted" || sent?.status === "streaming";
  const stopsSend = !stoppable && sending;
  const stopId = stoppable ?? (sending ? requestId : null);
  const [stoppingSend, setStoppingSend] = useState(false);
  const navigationState = useRef(navigation.state);
  navigationState.current = navigation.state;
  const stopping = stoppingSend || (submitting && navigation.formData?.get("intent") === "stop");
  const formRef = useRef<HTMLFormElement>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const [form, fields] = useForm<{ content: string }>({ id: "composer", lastResult });
  const { chatId } = useParams();
  const userId = useOptionalUser()?.id;
  const formProps = getFormProps(form);
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const attached = useAttachedFiles();
  const locked = disabled || Boolean(stopId);
  /** The words of a send on its way, emptied from the box, until the send is accepted or comes back. */
  const unsent = useRef<string | null>(null);

  // The chat's unsent draft comes back into an empty box; after hydration, as the server cannot know it.
  useEffect(() => {
    const box = boxRef.current;
    if (!userId || !box || box.value) return;
    box.value = readDraft(userId, chatId);
  }, [userId, chatId]);

  // A send accepted has put the words in the chat; one that came back (refused, broken) puts them back here.
  useEffect(() => {
    if (sent?.status === "submitted" || unsent.current === null) return;
    const words = unsent.current;
    unsent.current = null;
    const box = boxRef.current;
    if (sent || !box || box.value) return;
    box.value = words;
    if (userId) saveDraft(userId, chatId, words);
  }, [sent, userId, chatId]);

  // New chat by its shortcut puts the cursor here (./shortcuts.ts).
  const location = useLocation();
  useEffect(() => {
    if (wantsComposerFocus(location.state)) boxRef.current?.focus();
  }, [location]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    if (formData.get("intent") === "stop" && stopsSend) {
      event.preventDefault();
      setStoppingSend(true);
      stopSentReply(requestId).catch(() => setStoppingSend(false));
      return;
    }
    // Sent, the words are in the chat: a refused send keeps them in the box, and typing keeps them again.
    if (userId && formData.get("intent") !== "stop") forgetDraft(userId, chatId);
    const action = event.currentTarget.getAttribute("action") ?? undefined;
    const handOff = {
      submit: (form: FormData) =>
        submit(form, {
          method: "post",
          action,
          encType: filesOf(form).length ? "multipart/form-data" : undefined,
        }),
      revalidate: revalidator.revalidate,
      isIdle: () => navigationState.current === "idle",
    };
    // The router's submission follows the send once its first token is painted.
    if (!sendAtSubmit(formData, chatId, handOff)) return;
    event.preventDefault();
    const box = boxRef.current;
    if (box) {
      unsent.current = box.value;
      box.value = "";
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (event.currentTarget.value.trim() && !disabled && !submitting) formRef.current?.requestSubmit();
  };

  return (
    <Form
      method="post"
      action={postTo}
      encType="multipart/form-data"
      ref={formRef}
      {...formProps}
      onSubmit={onSubmit}
      onPaste={attached.onPaste}
      className="mx-auto w-full max-w-3xl"
    >
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="model" value={modelId} />
      {stopId ? <input type="hidden" name="completionId" value={stopId} /> : null}
      <div
        className={`rounded-2xl border bg-zinc-900 p-1.5 focus-within:border-brand-light ${
          attached.dragging ? "border-dashed border-brand-light" : "border-zinc-700"
        }`}
      >
        {attached.dragging ? (
          <p className="px-2 pb-1 text-xs text-brand-light">{t("composer.dropFiles")}</p>
        ) : null}
        <FileChips files={attached.files} onRemove={attached.remove} />
        <div className="flex items-end gap-2">
          {hydrated ? (
            <button
              type="button"
              onClick={() => attached.inputRef.current?.click()}
              disabled={locked}
              aria-label={t("composer.attach")}
              title={t("composer.attachHint")}
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100 disabled:opacity-50"
            >
              <PaperclipIcon className="h-5 w-5" />
            </button>
          ) : null}
          <label htmlFor={fields.content.id} className="sr-only">
            {t("composer.label")}
          </label>
          <textarea
            {...getTextareaProps(fields.content)}
            ref={boxRef}
            {...shortcutTarget("focusComposer")}
            onInput={(event) => userId && saveDraft(userId, chatId, event.currentTarget.value)}
            rows={1}
            style={{ fieldSizing: "content", maxHeight: `${ROW_PX * MAX_ROWS + 16}px` } as CSSProperties}
            onKeyDown={onKeyDown}
            placeholder={t("composer.placeholder")}
            disabled={locked}
            className="min-w-0 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-5 text-zinc-100 placeholder-zinc-500 focus:outline-none"
          />
          {stopId ? (
            <button
              type="submit"
              name="intent"
              value="stop"
              className="btn-secondary h-9 shrink-0 gap-1.5 px-3"
              disabled={stopping}
              {...shortcutTarget("stop")}
              title={t("composer.stopTitle")}
            >
              <StopIcon className="h-4 w-4" />
              <span>{stopping ? t("composer.stopping") : t("composer.stop")}</span>
            </button>
          ) : (
            <button
              type="submit"
              className="btn-primary h-9 shrink-0 gap-1.5 px-3"
              disabled={disabled || submitting}
            >
              <SendIcon className="h-4 w-4" />
              <span>{submitting ? t("composer.sending") : t("composer.send")}</span>
            </button>
          )}
        </div>
      </div>
      <label
        aria-hidden={hydrated || undefined}
        className={
          hydrated ? "sr-only" : "mt-1.5 flex flex-wrap items-center gap-2 px-1 text-xs text-zinc-400"
        }
      >
        <span>
          {t("composer.attach")} ({t("composer.attachHint")})
        </span>
        <input
          ref={attached.inputRef}
          type="file"
          name={FILES_FIELD}
          multiple
          disabled={locked}
          onChange={attached.onPicked}
          tabIndex={hydrated ? -1 : undefined}
          className="max-w-full text-xs text-zinc-300 file:mr-2 file:rounded-lg file:border file:border-zinc-700 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100 hover:file:bg-zinc-700"
        />
      </label>
      <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
});
