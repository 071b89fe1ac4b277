import * as Dialog from "@radix-ui/react-dialog";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { SmallDialog } from "./sidebar-dialogs";
import { chordKeys, SHORTCUTS } from "./shortcuts";

/** ⌘ and ⇧ on Apple keyboards, the words printed on the keys elsewhere. */
const onAMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Rendered only while the dialog is open, so it reads the browser's system (never on the server). */
function ShortcutList() {
  const { t } = useTranslation("chat");
  const mac = onAMac();
  const keyNames = {
    ctrl: t("shortcuts.keys.ctrl"),
    shift: t("shortcuts.keys.shift"),
    esc: t("shortcuts.keys.esc"),
  };
  return (
    <dl className="mt-4 grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2.5 text-sm">
      {SHORTCUTS.map((shortcut) => (
        <Fragment key={shortcut.id}>
          <dt className="text-zinc-300">{t(shortcut.label)}</dt>
          <dd className="flex justify-end gap-1">
            {chordKeys(shortcut.chord, mac, keyNames).map((key) => (
              <kbd
                key={key}
                className="min-w-7 rounded-md border border-zinc-700 bg-zinc-800 px-1.5 py-0.5 text-center font-sans text-xs text-zinc-100"
              >
                {key}
              </kbd>
            ))}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The list of keyboard shortcuts `?` opens (./shortcuts.ts); Escape or Close closes it. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <SmallDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("shortcuts.title")}
      description={t("shortcuts.description")}
    >
      <ShortcutList />
      <div className="mt-6 flex justify-end">
        <Dialog.Close asChild>
          <button type="button" className="btn-secondary">
            {t("shortcuts.close")}
          </button>
        </Dialog.Close>
      </div>
    </SmallDialog>
  );
}
