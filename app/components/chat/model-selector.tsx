import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/ui/toaster";
import type { ModelOption } from "~/modules/models/models.server";

const MODEL_BUSY_TOAST = { title: "Please Wait", description: "Model is currently changing..." };
const MODEL_FAILED_TOAST = {
  title: "Model Change Failed",
  description: "Could not switch to the selected model. Please try again.",
};

function badges(model: ModelOption): string {
  const labels = [
    model.isNew && "NEW",
    model.isPro && "PRO",
    model.isBeta && "BETA",
    model.isDefault && "DEFAULT",
    model.supportsImages && "Images",
  ].filter(Boolean);
  return labels.length ? ` · ${labels.join(" · ")}` : "";
}

/**
 * Picks the model. On a chat it posts intent=model to /chat/:chatId (the server verifies the model, switches,
 * and resends an unanswered question); on a new chat it sets ?model= for the first message. A plain form, so
 * it works without JavaScript; with it, choosing submits at once and a second change waits for the first.
 */
export function ModelSelector({
  models,
  currentModelId,
  chatId,
}: {
  models: ModelOption[];
  currentModelId: string;
  chatId: string | null;
}) {
  const fetcher = useFetcher();
  const toast = useToast();
  const changing = fetcher.state !== "idle";
  const refusal = (fetcher.data as { error?: Record<string, string[] | null> } | undefined)?.error?.[""]?.[0];
  useEffect(() => {
    if (refusal)
      toast({
        type: "destructive",
        ...MODEL_FAILED_TOAST,
        description: `${MODEL_FAILED_TOAST.description} ${refusal}`,
      });
  }, [refusal, toast]);
  return (
    <fetcher.Form
      method={chatId ? "post" : "get"}
      action={chatId ? `/chat/${chatId}` : "/chat"}
      className="flex items-center gap-2"
    >
      {chatId ? <input type="hidden" name="intent" value="model" /> : null}
      <label htmlFor="model-select" className="sr-only">
        Model
      </label>
      <select
        id="model-select"
        name="model"
        key={currentModelId}
        defaultValue={currentModelId}
        aria-busy={changing}
        onChange={(event) => {
          if (changing) {
            event.currentTarget.value = currentModelId;
            toast({ type: "warning", ...MODEL_BUSY_TOAST });
            return;
          }
          fetcher.submit(event.currentTarget.form);
        }}
        className="max-w-[14rem] rounded-lg border border-zinc-700 bg-zinc-900 px-2 py-1.5 text-sm"
      >
        {models.map((model) => (
          <option key={model.id} value={model.id} disabled={!model.allowed}>
            {model.name}
            {badges(model)}
            {model.allowed ? "" : " (Professional)"}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-secondary px-2 py-1">
          Use
        </button>
      </noscript>
    </fetcher.Form>
  );
}
