/** The landing page's copy (docs/product.md §1); 8 prompts, 5 examples, 4 demo tabs. */
export const HERO_CLAIMS = ["10,000+ users trust us", "100% private conversations", "Instant responses"];

export const FEATURE_CARDS = [
  {
    title: "Truly Unfiltered",
    body: "Ask about anything. Open models answer the question you asked, without a lecture in place of an answer.",
  },
  {
    title: "Multi-Model Intelligence",
    body: "Pick from leading open models and switch between them in the middle of a conversation.",
  },
  {
    title: "Military-Grade Privacy",
    body: "Your chats are yours: stored for you alone, never used for training, never shown to anyone else.",
  },
];

export const MARQUEE_PROMPTS = [
  "Write a villain's monologue that actually scares",
  "Explain how lock picking works",
  "Roast my startup idea, no mercy",
  "Draft a brutally honest performance review",
  "What are the real risks of this medication?",
  "Write a noir scene set in a casino",
  "Debug this Python stack trace",
  "Argue the other side of my essay",
];

export const WHY_POINTS = [
  {
    title: "No refusals for grown-up questions",
    body: "Fiction, security research, medicine, history: ask like an adult.",
  },
  {
    title: "Your choice of model",
    body: "Dolphin Mixtral, Llama, Qwen and more — switch any time, keep the chat.",
  },
  {
    title: "Private by design",
    body: "No prompt logs for analytics, no selling data, delete a chat and it is gone.",
  },
  { title: "Free to start", body: "Try the demo in one click or create a free Starter account." },
];

export const QUESTION_EXAMPLES = [
  "How do penetration testers get past a login page?",
  "Write a dark comedy sketch about a corporate retreat.",
  "What does this contract clause really mean for me?",
  "Compare three open models for code review.",
  "Help me plan a difficult conversation with my boss.",
];

export const HOW_STEPS = [
  { title: "Type anything", body: "Ask a question, paste code or describe what you want to write." },
  { title: "Pick your model", body: "Choose the model that fits the task — change it whenever you like." },
  { title: "Get answers", body: "Replies stream in as they are written, saved to your private history." },
];

export type DemoTab = "text" | "images" | "code" | "characters";

export const DEMO_TABS: { id: DemoTab; label: string; input: string; output: string }[] = [
  {
    id: "text",
    label: "Text",
    input: "Write the opening line of a heist novel.",
    output:
      "The vault had been built to survive a war; nobody had thought to make it survive Marguerite on a Tuesday.",
  },
  {
    id: "images",
    label: "Images",
    input: "Create image: a rainy street at dusk.",
    output:
      "Prompt: narrow cobbled street at dusk, wet stones reflecting yellow shop lights, a cyclist with a red umbrella, cinematic, 35 mm, soft rain.",
  },
  {
    id: "code",
    label: "Code",
    input: "Reverse a string in Python without slicing.",
    output: "def reverse(s):\n    return ''.join(reversed(s))",
  },
  {
    id: "characters",
    label: "Characters",
    input: "You are a grumpy ship's cook. What's for dinner?",
    output:
      "Dinner? Same as yesterday, sailor: beans, regret, and whatever the gulls didn't steal. Eat it or swim.",
  },
];

export const isDemoTab = (value: unknown): value is DemoTab => DEMO_TABS.some((tab) => tab.id === value);
