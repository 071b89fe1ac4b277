/**
 * The composer's files (docs/product.md §14 'Attachments'). The form's own file input carries them, so the
 * form posts them with or without JavaScript. With it, a paperclip opens the picker, files dropped on the
 * chat or pasted into the box join the ones picked, and each shows as a chip (name, size, remove) before
 * sending: the chips and the input's files are kept the same.
 */
import { useEffect, useRef, useState, type ClipboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/modules/i18n/format";
import { CloseIcon, PaperclipIcon } from "./icons";

export function useAttachedFiles() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const current = useRef<File[]>([]);
  const [dragging, setDragging] = useState(false);

  const replace = (next: File[]) => {
    const input = inputRef.current;
    if (!input) return;
    const transfer = new DataTransfer();
    for (const file of next) transfer.items.add(file);
    input.files = transfer.files;
    current.current = next;
    setFiles(next);
  };
  const add = (added: File[]) => {
    if (added.length > 0) replace([...current.current, ...added]);
  };
  const remove = (index: number) => replace(current.current.filter((_, at) => at !== index));

  // Files dragged anywhere over the chat are dropped into the message, not opened by the browser.
  useEffect(() => {
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;
    const over = (event: DragEvent) => {
      if (!carriesFiles(event) || inputRef.current?.disabled) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!event.relatedTarget) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      setDragging(false);
      if (!carriesFiles(event) || inputRef.current?.disabled) return;
      event.preventDefault();
      add([...(event.dataTransfer?.files ?? [])]);
    };
    window.addEventListener("dragover", over);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
    };
    // `add` reads the files through a ref: the listeners need no renewing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    inputRef,
    files,
    dragging,
    remove,
    /** The picker's choice joins the files already attached (the input alone would replace them). */
    onPicked: () => {
      const picked = [...(inputRef.current?.files ?? [])];
      replace([...current.current.filter((file) => !picked.includes(file)), ...picked]);
    },
    /** Files pasted into the box are attached; pasted text is left to the box. */
    onPaste: (event: ClipboardEvent) => {
      const pasted = [...event.clipboardData.files];
      if (pasted.length === 0) return;
      event.preventDefault();
      add(pasted);
    },
  };
}

/** An image's own picture (read locally, never uploaded for it), or a paperclip for any other file. */
function FileIcon({ file }: { file: File }) {
  const picture = useRef<HTMLImageElement>(null);
  const isImage = file.type.startsWith("image/");
  useEffect(() => {
    if (!isImage || !picture.current) return;
    const url = URL.createObjectURL(file);
    picture.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file, isImage]);
  if (!isImage) return <PaperclipIcon className="h-3.5 w-3.5 text-zinc-400" />;
  // The name beside it says what it is: the picture itself is decoration.
  return <img ref={picture} alt="" className="h-6 w-6 rounded object-cover" />;
}

/** The chips of the files attached, each with its size and a remove button. */
export function FileChips({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation("chat");
  const format = useFormat();
  if (files.length === 0) return null;
  return (
    <ul aria-label={t("bubble.attachments")} className="flex flex-wrap gap-1.5 px-1 pt-1">
      {files.map((file, index) => (
        <li
          key={`${index}:${file.name}`}
          className="flex max-w-full items-center gap-1.5 rounded-lg border border-zinc-700 bg-zinc-800 py-1 pl-2 pr-1 text-xs text-zinc-200"
        >
          <FileIcon file={file} />
          <span className="min-w-0 truncate">{file.name}</span>
          <span className="shrink-0 text-zinc-400">{format.bytes(file.size)}</span>
          <button
            type="button"
            onClick={() => onRemove(index)}
            aria-label={t("composer.removeFile", { name: file.name })}
            className="rounded p-0.5 text-zinc-400 hover:bg-zinc-700 hover:text-zinc-100"
          >
            <CloseIcon className="h-3.5 w-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
