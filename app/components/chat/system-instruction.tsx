import { useTranslation } from "react-i18next";
import { quickActionOf } from "~/modules/completions/quick-actions";
import { ChevronDownIcon } from "./icons";

/**
 * A system message: instructions for the model, not a turn of the conversation. Folded to one line (a chip's
 * assistant by name, or "Instructions"), opened to read them; a native disclosure, so it opens without JavaScript.
 */
export function SystemInstruction({
  id,
  content,
  linkedTo,
}: {
  id: string;
  content: string;
  /** The page was opened at this message (a search result): it opens to show what was found. */
  linkedTo: boolean;
}) {
  const { t } = useTranslation("chat");
  const action = quickActionOf(content);
  return (
    <li id={id} data-role="system" className="flex justify-center">
      <details open={linkedTo || undefined} className="group max-w-[85%] text-xs text-zinc-400">
        <summary className="cursor-pointer list-none rounded-full border border-zinc-800 px-3 py-1 text-center hover:border-zinc-600 hover:text-zinc-200 [&::-webkit-details-marker]:hidden">
          <ChevronDownIcon className="mr-1 inline h-3.5 w-3.5 -rotate-90 transition-transform group-open:rotate-0" />
          {action
            ? t("view.assistant", { action: t(`quickActions.actions.${action}`) })
            : t("view.instructions")}
        </summary>
        <p className="mt-2 whitespace-pre-wrap break-words rounded-2xl border border-zinc-800 px-4 py-3 text-sm">
          {content}
        </p>
      </details>
    </li>
  );
}
