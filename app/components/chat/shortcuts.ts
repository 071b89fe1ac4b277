/**
 * The chat screens' keyboard shortcuts (docs/product.md §1 'Keyboard'), in one table: the keys, what each does
 * and its label. The table serves the one window listener (`useShortcuts`, in the chat layout), the `?` list
 * (./shortcuts-dialog.tsx) and the aria-keyshortcuts of the controls the shortcuts reach (`shortcutTarget`).
 * JavaScript only, by nature; every shortcut's control also works by hand and, but for copy, without JavaScript.
 */
import { useNavigate, type NavigateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { SEARCH_PATH } from "~/modules/chats/chat-search";

export type ShortcutId = "newChat" | "search" | "focusComposer" | "copyReply" | "stop" | "help";

/** A key with its modifiers. `mod` is Ctrl, or ⌘ on a Mac (either is taken on any system). */
export interface Chord {
  key: string;
  mod?: boolean;
  shift?: boolean;
}

/** What a shortcut's action may use besides the page. */
export interface ShortcutContext {
  navigate: NavigateFunction;
  openHelp: () => void;
}

interface Shortcut {
  id: ShortcutId;
  chord: Chord;
  label: `shortcuts.${ShortcutId}`;
  /** Does what it says; false when there was nothing to do, and the key is left to the browser. */
  run: (context: ShortcutContext) => boolean;
}

/** Carried by the control a shortcut reaches; the last one on the page is reached (the newest reply's copy). */
const TARGET_ATTRIBUTE = "data-shortcut";

function target(id: ShortcutId): HTMLElement | null {
  const found = document.querySelectorAll<HTMLElement>(`[${TARGET_ATTRIBUTE}="${id}"]`);
  const element = found[found.length - 1];
  return element && !(element as HTMLButtonElement).disabled && !element.hidden ? element : null;
}

function focus(id: ShortcutId): boolean {
  const element = target(id);
  element?.focus();
  return Boolean(element);
}

function click(id: ShortcutId): boolean {
  const element = target(id);
  element?.click();
  return Boolean(element);
}

/** The history state of a New chat that puts the cursor in the composer (read by the composer). */
export const FOCUS_COMPOSER = { focusComposer: true } as const;

export const wantsComposerFocus = (state: unknown): boolean =>
  typeof state === "object" && state !== null && "focusComposer" in state;

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: "newChat",
    chord: { key: "o", mod: true, shift: true },
    label: "shortcuts.newChat",
    run: ({ navigate }) => {
      navigate("/chat", { state: FOCUS_COMPOSER });
      return true;
    },
  },
  {
    id: "search",
    chord: { key: "k", mod: true },
    label: "shortcuts.search",
    // On the search page the cursor goes back to its field, its words selected to type anew.
    run: ({ navigate }) => {
      const field = target("search");
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      } else navigate(SEARCH_PATH);
      return true;
    },
  },
  {
    id: "focusComposer",
    chord: { key: "Escape", shift: true },
    label: "shortcuts.focusComposer",
    run: () => focus("focusComposer"),
  },
  {
    id: "copyReply",
    chord: { key: "c", mod: true, shift: true },
    label: "shortcuts.copyReply",
    run: () => click("copyReply"),
  },
  { id: "stop", chord: { key: "Escape" }, label: "shortcuts.stop", run: () => click("stop") },
  {
    id: "help",
    chord: { key: "?" },
    label: "shortcuts.help",
    run: ({ openHelp }) => {
      openHelp();
      return true;
    },
  },
];

const byId = (id: ShortcutId) => SHORTCUTS.find((shortcut) => shortcut.id === id)!;

/** A chord whose key is a character a field would take as typed text. */
const typesACharacter = (chord: Chord) => !chord.mod && chord.key.length === 1;

/** The chord in aria-keyshortcuts' syntax: both Control and Meta for `mod`. */
export function ariaKeys(id: ShortcutId): string {
  const { key, mod, shift } = byId(id).chord;
  const rest = [shift ? "Shift" : null, key.length === 1 ? key.toUpperCase() : key].filter(Boolean).join("+");
  return mod ? `Control+${rest} Meta+${rest}` : rest;
}

/** The props of the control shortcut `id` reaches: found by the shortcut, announced by assistive technology. */
export const shortcutTarget = (id: ShortcutId) => ({
  [TARGET_ATTRIBUTE]: id,
  "aria-keyshortcuts": ariaKeys(id),
});

/** The key names a chord is pressed with, for the `?` list; `keyNames` are the language's words for them. */
export function chordKeys(
  chord: Chord,
  mac: boolean,
  keyNames: { ctrl: string; shift: string; esc: string },
): string[] {
  const keys: string[] = [];
  if (chord.mod) keys.push(mac ? "⌘" : keyNames.ctrl);
  if (chord.shift) keys.push(mac ? "⇧" : keyNames.shift);
  keys.push(chord.key === "Escape" ? keyNames.esc : chord.key.toUpperCase());
  return keys;
}

export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

function matches(chord: Chord, press: KeyPress): boolean {
  if (press.altKey || Boolean(chord.mod) !== (press.ctrlKey || press.metaKey)) return false;
  // `?` is Shift with another key on most layouts: its own character says enough.
  if (chord.key !== "?" && Boolean(chord.shift) !== press.shiftKey) return false;
  if (press.key.toLowerCase() === chord.key.toLowerCase()) return true;
  // A letter by its place too, for layouts that type another letter there (Cyrillic, Greek).
  return /^[a-z]$/.test(chord.key) && press.code === `Key${chord.key.toUpperCase()}`;
}

/**
 * The shortcut a key press asks for, if any. In a field that takes text, a chord that types a character is
 * that character (`?` in the composer is a question mark).
 */
export function shortcutFor(press: KeyPress, inTextField: boolean): Shortcut | null {
  const shortcut = SHORTCUTS.find((candidate) => matches(candidate.chord, press));
  return shortcut && !(inTextField && typesACharacter(shortcut.chord)) ? shortcut : null;
}

const NOT_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "radio",
  "submit",
  "reset",
  "file",
  "image",
  "range",
  "color",
]);

function takesText(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (
    element.isContentEditable ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  )
    return true;
  return element instanceof HTMLInputElement && !NOT_TEXT_INPUTS.has(element.type);
}

/**
 * An open dialog or menu owns the keyboard: Escape closes it rather than stopping the reply, and nothing behind
 * it is reached.
 */
const somethingOpen = () =>
  document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;

/** The one listener for every shortcut, for the chat layout; `openHelp` should keep its identity. */
export function useShortcuts(openHelp: () => void) {
  const navigate = useNavigate();
  useEffect(() => {
    const context: ShortcutContext = { navigate, openHelp };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat || somethingOpen()) return;
      const shortcut = shortcutFor(event, takesText(event.target));
      if (shortcut?.run(context)) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, openHelp]);
}
