import { describe, expect, it } from "vitest";
import { ariaKeys, chordKeys, SHORTCUTS, shortcutFor, type KeyPress } from "./shortcuts";

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});
const idFor = (key: KeyPress, inTextField = false) => shortcutFor(key, inTextField)?.id ?? null;
const KEY_NAMES = { ctrl: "Strg", shift: "Umschalt", esc: "Esc" };

describe("keyboard shortcuts", () => {
  it("finds each shortcut by its keys, with Ctrl or ⌘", () => {
    expect(idFor(press("O", { ctrlKey: true, shiftKey: true }))).toBe("newChat");
    expect(idFor(press("O", { metaKey: true, shiftKey: true }))).toBe("newChat");
    expect(idFor(press("k", { ctrlKey: true }))).toBe("search");
    expect(idFor(press("k", { metaKey: true }))).toBe("search");
    expect(idFor(press("Escape", { shiftKey: true }))).toBe("focusComposer");
    expect(idFor(press("C", { ctrlKey: true, shiftKey: true }))).toBe("copyReply");
    expect(idFor(press("Escape"))).toBe("stop");
    expect(idFor(press("?", { shiftKey: true }))).toBe("help");
  });

  it("takes no key press that differs in a modifier", () => {
    expect(idFor(press("k"))).toBeNull();
    expect(idFor(press("K", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(idFor(press("c", { ctrlKey: true }))).toBeNull();
    expect(idFor(press("o", { ctrlKey: true }))).toBeNull();
    expect(idFor(press("Escape", { ctrlKey: true }))).toBeNull();
    expect(idFor(press("k", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(idFor(press("?", { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it("knows a letter by its place on a layout that types another letter there", () => {
    expect(idFor(press("л", { ctrlKey: true, code: "KeyK" }))).toBe("search");
    expect(idFor(press("С", { ctrlKey: true, shiftKey: true, code: "KeyC" }))).toBe("copyReply");
  });

  it("leaves a character to the field being typed in, but not a chord that types none", () => {
    expect(idFor(press("?", { shiftKey: true }), true)).toBeNull();
    expect(idFor(press("k", { ctrlKey: true }), true)).toBe("search");
    expect(idFor(press("Escape"), true)).toBe("stop");
    expect(idFor(press("Escape", { shiftKey: true }), true)).toBe("focusComposer");
  });

  it("names each chord for aria-keyshortcuts, Control and Meta both", () => {
    expect(ariaKeys("newChat")).toBe("Control+Shift+O Meta+Shift+O");
    expect(ariaKeys("search")).toBe("Control+K Meta+K");
    expect(ariaKeys("focusComposer")).toBe("Shift+Escape");
    expect(ariaKeys("stop")).toBe("Escape");
    expect(ariaKeys("help")).toBe("?");
  });

  it("shows the keys in the language's words, or as a Mac's symbols", () => {
    const chord = (id: string) => SHORTCUTS.find((shortcut) => shortcut.id === id)!.chord;
    expect(chordKeys(chord("newChat"), false, KEY_NAMES)).toEqual(["Strg", "Umschalt", "O"]);
    expect(chordKeys(chord("newChat"), true, KEY_NAMES)).toEqual(["⌘", "⇧", "O"]);
    expect(chordKeys(chord("focusComposer"), false, KEY_NAMES)).toEqual(["Umschalt", "Esc"]);
    expect(chordKeys(chord("help"), true, KEY_NAMES)).toEqual(["?"]);
  });

  it("gives every shortcut its own keys", () => {
    const chords = SHORTCUTS.map((shortcut) => JSON.stringify(shortcut.chord));
    expect(new Set(chords).size).toBe(chords.length);
  });
});
