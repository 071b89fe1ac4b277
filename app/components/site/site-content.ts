/**
 * The public site's words: the original copy's (docs/product.md §1) where it gives them, short and true where it does not. Shared by
 * the landing page, /features and /pricing, so a claim is written once.
 */
export const TESTIMONIALS = [
  {
    name: "Maya R.",
    role: "Novelist",
    quote: "It writes the dark scenes my other tools refuse to touch. My drafts finally sound like me.",
  },
  {
    name: "Daniel K.",
    role: "Security researcher",
    quote: "I can ask about real attack techniques and get straight answers instead of lectures.",
  },
  {
    name: "Priya S.",
    role: "Product manager",
    quote: "Switching models mid-conversation lets me compare answers without starting over.",
  },
  {
    name: "Tom W.",
    role: "Indie developer",
    quote: "The coding assistant is fast and does not pad every answer with disclaimers.",
  },
  {
    name: "Lena M.",
    role: "Graduate student",
    quote: "My chat history stays mine. That matters when the research is sensitive.",
  },
  {
    name: "Chris O.",
    role: "Marketing lead",
    quote: "Brainstorming is quicker when the model just answers the question I asked.",
  },
] as const;

export const COMPARISON_ROWS = [
  "Unfiltered Content",
  "Model Switching On the Fly",
  "No Account Required",
  "No Prompt Logs or Tracking",
  "Voice, Image and Video Input",
] as const;

export type Mark = "yes" | "no" | "soon";

/**
 * Our column first, then three kinds of AI product (not named: their terms change more often than this page).
 * 'No Account Required' is the original copy's claim: the demo needs no sign-up, only a click.
 */
export const COMPARISON: { product: string; marks: Mark[] }[] = [
  { product: "Rogue AI", marks: ["yes", "yes", "yes", "yes", "soon"] },
  { product: "Mainstream chatbot", marks: ["no", "no", "no", "no", "yes"] },
  { product: "Big-tech assistant", marks: ["no", "no", "no", "no", "yes"] },
  { product: "AI search engine", marks: ["no", "yes", "no", "no", "no"] },
];

export const MARK_LABELS: Record<Mark, string> = { yes: "Yes", no: "No", soon: "Coming soon" };

export const STARTER_FEATURES = ["3 messages per day", "2 models", "24 hours of chat history"];
export const PROFESSIONAL_FEATURES = [
  "Unlimited messages",
  "All models",
  "Unlimited chat history",
  "Priority support",
  "API access (OpenAI-compatible)",
  "Custom AI training (coming soon)",
];
