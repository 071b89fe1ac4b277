import * as Select from "@radix-ui/react-select";
import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { useToast } from "~/components/ui/toaster";
import { messages, toasts } from "~/modules/texts/catalogue";
import type { ModelOption } from "~/modules/models/models.server";
import { useHydrated } from "./copy-button";
import { CheckIcon, ChevronDownIcon, LockIcon } from "./icons";
import { useTranslation } from "react-i18next";

/**
 * The model badges of docs/product.md §2, in its order. NEW shows only where it tells models apart: a badge
 * every model carries says nothing.
 */
export function badgeLabels(model: ModelOption, models: ModelOption[]): string[] {
  return [
    model.isNew && models.some((other) => !other.isNew) && "NEW",
    model.isPro && "PRO",
    model.isBeta && "BETA",
    model.isDefault && "DEFAULT",
    model.supportsImages && "Images",
  ].filter((label): label is string => Boolean(label));
}

/** The models the plan allows, then the ones it does not: those are listed under one upgrade line. */
const byPlan = (models: ModelOption[]) => ({
  allowed: models.filter((model) => model.allowed),
  locked: models.filter((model) => !model.allowed),
});

/** One model in the select without JavaScript: its name and badges. */
function ModelOptionLine({ model, models }: { model: ModelOption; models: ModelOption[] }) {
  const badges = badgeLabels(model, models);
  return (
    <option value={model.id} disabled={!model.allowed}>
      {model.name}
      {badges.length ? ` · ${badges.join(" · ")}` : ""}
    </option>
  );
}

interface ModelSelectorProps {
  models: ModelOption[];
  currentModelId: string;
  chatId: string | null;
}

/**
 * Picks the model. On a chat it posts intent=model to /chat/:chatId (the server verifies the model, switches,
 * and resends an unanswered question); on a new chat it sets ?model= for the first message. Without
 * JavaScript it is a plain form with a native select; with it, a listbox (Radix Select: keyboard and
 * screen-reader friendly) showing each model's full name, vendor and badges, with the models the plan does
 * not allow disabled. A second change waits for the first.
 */
export function ModelSelector(props: ModelSelectorProps) {
  return useHydrated() ? <ModelListbox {...props} /> : <ModelSelectForm {...props} />;
}

function useModelChange({ currentModelId, chatId }: ModelSelectorProps) {
  const fetcher = useFetcher();
  const navigate = useNavigate();
  const toast = useToast();
  const changing = fetcher.state !== "idle";
  const refusal = (fetcher.data as { error?: Record<string, string[] | null> } | undefined)?.error?.[""]?.[0];
  useEffect(() => {
    if (refusal)
      toast({
        type: "destructive",
        ...toasts.modelChangeFailed,
        description: `${toasts.modelChangeFailed.description} ${refusal}`,
      });
  }, [refusal, toast]);

  const change = (model: string) => {
    if (model === currentModelId) return true;
    if (changing) {
      toast({ type: "warning", ...toasts.modelBusy });
      return false;
    }
    if (chatId) fetcher.submit({ intent: "model", model }, { method: "post", action: `/chat/${chatId}` });
    else navigate(`/chat?${new URLSearchParams({ model })}`, { replace: true, preventScrollReset: true });
    return true;
  };
  return { changing, change, fetcher };
}

/** The server-rendered picker, and the whole picker without JavaScript. */
function ModelSelectForm({ models, currentModelId, chatId }: ModelSelectorProps) {
  const { t } = useTranslation("chat");
  const { allowed, locked } = byPlan(models);
  return (
    <form
      method={chatId ? "post" : "get"}
      action={chatId ? `/chat/${chatId}` : "/chat"}
      className="flex min-w-0 items-center gap-2"
    >
      {chatId ? <input type="hidden" name="intent" value="model" /> : null}
      <LabelledSelect
        id="model-select"
        label={t("models.label")}
        labelClassName="sr-only"
        name="model"
        defaultValue={currentModelId}
        // Smaller on a phone, where a native select cannot wrap: the model's name fits, its badges may not.
        className="min-w-0 max-w-[calc(100vw-13.5rem)] rounded-lg border border-zinc-700 bg-zinc-900 px-2 py-1.5 text-xs sm:max-w-[14rem] sm:text-sm lg:max-w-[24rem]"
      >
        {allowed.map((model) => (
          <ModelOptionLine key={model.id} model={model} models={models} />
        ))}
        {locked.length ? (
          <optgroup label={messages.proModelHint}>
            {locked.map((model) => (
              <ModelOptionLine key={model.id} model={model} models={models} />
            ))}
          </optgroup>
        ) : null}
      </LabelledSelect>
      <noscript>
        <button type="submit" className="btn-secondary px-2 py-1">
          {t("models.use")}
        </button>
      </noscript>
    </form>
  );
}

function Badge({ label }: { label: string }) {
  const tone =
    label === "PRO"
      ? "border-amber-500/50 text-amber-300"
      : label === "NEW"
        ? "border-emerald-500/50 text-emerald-300"
        : "border-zinc-600 text-zinc-300";
  return (
    <span className={`rounded border px-1 py-px text-[10px] font-semibold leading-none ${tone}`}>
      {label}
    </span>
  );
}

function ModelListbox(props: ModelSelectorProps) {
  const { t } = useTranslation("chat");
  const { models, currentModelId } = props;
  const { changing, change } = useModelChange(props);
  const [value, setValue] = useState(currentModelId);
  const current = models.find((model) => model.id === value);
  const { allowed, locked } = byPlan(models);
  return (
    <Select.Root
      value={value}
      onValueChange={(next) => {
        if (change(next)) setValue(next);
      }}
    >
      <Select.Trigger
        id="model-select"
        aria-label={t("models.label")}
        aria-busy={changing}
        className="flex h-9 min-w-0 max-w-[calc(100vw-13.5rem)] items-center gap-1.5 rounded-lg border border-zinc-700 bg-zinc-900 px-2.5 text-sm text-zinc-100 hover:border-zinc-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light sm:max-w-[16rem]"
      >
        {/* On a phone the name may take two smaller lines: "Dolphin Mixtral 8x22B", not "Dolphin Mixtr…". */}
        <span className="line-clamp-2 min-w-0 break-words text-left text-xs leading-tight sm:line-clamp-1 sm:text-sm">
          <Select.Value>{current?.name ?? value}</Select.Value>
        </span>
        <Select.Icon className="shrink-0 text-zinc-400">
          <ChevronDownIcon className="h-4 w-4" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          side="bottom"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[min(var(--radix-select-content-available-height),70dvh)] w-[min(22rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-zinc-700 bg-zinc-900 text-zinc-100 shadow-2xl"
        >
          <Select.Viewport className="p-1">
            {allowed.map((model) => (
              <ModelItem key={model.id} model={model} models={models} />
            ))}
            {locked.length ? (
              <>
                <Select.Separator className="mx-2 my-1 h-px bg-zinc-800" />
                <Select.Group>
                  <Select.Label className="flex items-center gap-1.5 px-2 py-1.5 text-xs text-amber-300">
                    <LockIcon className="h-3 w-3" />
                    {messages.proModelHint}
                  </Select.Label>
                  {locked.map((model) => (
                    <ModelItem key={model.id} model={model} models={models} />
                  ))}
                </Select.Group>
              </>
            ) : null}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}

/** One model in the open list: its name and badges, then its one-line description, vendor and size. */
function ModelItem({ model, models }: { model: ModelOption; models: ModelOption[] }) {
  return (
    <Select.Item
      value={model.id}
      disabled={!model.allowed}
      className="relative flex cursor-pointer select-none items-start gap-2 rounded-lg py-2 pl-8 pr-2 outline-none data-[disabled]:cursor-not-allowed data-[highlighted]:bg-zinc-800 data-[disabled]:opacity-60"
    >
      <Select.ItemIndicator className="absolute left-2 top-2.5 text-brand-light">
        <CheckIcon className="h-4 w-4" />
      </Select.ItemIndicator>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-1.5">
          <Select.ItemText>
            <span className="text-sm font-medium">{model.name}</span>
          </Select.ItemText>
          {badgeLabels(model, models).map((label) => (
            <Badge key={label} label={label} />
          ))}
        </span>
        <span className="mt-0.5 block text-xs text-zinc-400">
          {[model.description[0], model.vendor, model.size].filter(Boolean).join(" · ")}
        </span>
      </span>
    </Select.Item>
  );
}
