/**
 * The quick-action chips under the message box: each starts a chat with a role instruction, at
 * the temperature that suits the task. The server owns the temperatures; the form only names the action.
 * See docs/product.md §5.
 */
export const QUICK_ACTIONS = {
  image: {
    temperature: 1,
    modelId: "qwen2.5-vl-72b-instruct",
    instruction:
      "You are a creative visual artist. Help the user describe and refine images in vivid, precise detail.",
  },
  summarize: {
    temperature: 0.3,
    instruction: "You are an expert editor. Summarize text faithfully, concisely and in clear structure.",
  },
  analyze: {
    temperature: 0.3,
    instruction: "You are a careful data analyst. Find patterns, quantify them and state your assumptions.",
  },
  code: {
    temperature: 0.2,
    instruction: "You are a senior software engineer. Write correct, idiomatic, well-explained code.",
  },
  advice: {
    temperature: 0.7,
    instruction: "You are a thoughtful, candid advisor. Give practical, specific advice.",
  },
} as const;

export type QuickActionKey = keyof typeof QUICK_ACTIONS;
export const QUICK_ACTION_KEYS = Object.keys(QUICK_ACTIONS) as QuickActionKey[];
export const DEFAULT_TEMPERATURE = 0.7;

/** The model a chip asks for, when it names one (else the chat's model answers). */
export const quickActionModel = (key: QuickActionKey): string | null => {
  const action = QUICK_ACTIONS[key];
  return "modelId" in action ? action.modelId : null;
};

/**
 * The chips whose model the plan does not allow: the chat shows them as an upgrade, not as a form the server
 * would refuse after the click. `usable` says whether the plan allows a catalogue model id; a model missing
 * from the catalogue is not locked (the server answers with the default one).
 */
export function lockedQuickActions(usable: (modelId: string) => boolean | null): QuickActionKey[] {
  return QUICK_ACTION_KEYS.filter((key) => {
    const modelId = quickActionModel(key);
    return modelId !== null && usable(modelId) === false;
  });
}

/** The chip whose role instruction a system message is, if any: the chat shows its name, not the machinery. */
export function quickActionOf(instruction: string): QuickActionKey | null {
  return QUICK_ACTION_KEYS.find((key) => QUICK_ACTIONS[key].instruction === instruction) ?? null;
}

/**
 * A first message that begins with "[SYSTEM: ...]" followed by a blank line is a system instruction
 * plus the user's text.
 * See docs/product.md §5.
 */
export function splitSystemPrefix(text: string): { system: string | null; user: string } {
  const match = /^\[SYSTEM:\s*([\s\S]*?)\]\r?\n\r?\n([\s\S]*)$/.exec(text);
  if (!match?.[1]?.trim() || !match[2]?.trim()) return { system: null, user: text };
  return { system: match[1].trim(), user: match[2].trim() };
}
