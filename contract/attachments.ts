/**
 * How a message's documents reach the model (docs/product.md §14 'Attachments'): each as a named, quoted
 * document before the question, in the order attached. The worker builds every prompt with this, and the web
 * counts the same text when it checks, before sending, that the documents fit the model.
 */

/** A document as the prompt carries it: the name it was attached under and its text. */
export interface PromptDocument {
  name: string;
  text: string;
}

/** The name inside a quoted attribute: its own quotes cannot end the attribute early. */
const attribute = (name: string) => name.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * What goes before the question: each document named and quoted, followed by a blank line; nothing without
 * documents. A document's text is quoted whole; a closing tag inside it is defused, so a file cannot end its own
 * quotation and pass the rest off as the user's words.
 */
export const quotedDocuments = (documents: PromptDocument[]): string =>
  documents
    .map(
      ({ name, text }) =>
        `<document name="${attribute(name)}">\n${text.replace(/<\/document>/gi, "<\\/document>")}\n</document>\n\n`,
    )
    .join("");

/** The user's turn: its documents quoted before the question. */
export const withDocuments = (question: string, documents: PromptDocument[]): string =>
  quotedDocuments(documents) + question;

/** An image as the prompt carries it to a model that sees: its type and its bytes in base64. */
export interface PromptImage {
  mediaType: string;
  base64: string;
}

/** The images a vision model is sent, as OpenAI's chat format carries them (other formats map from it). */
export const imageDataUrl = ({ mediaType, base64 }: PromptImage) => `data:${mediaType};base64,${base64}`;

const TILE = 512;

/**
 * What an image takes of a model's window, as OpenAI counts a detailed image: scaled to fit 2048 × 2048, then
 * its shorter side to at most 768, it costs 85 tokens and 170 for each 512-pixel tile it covers. Vendors count
 * differently; this is the estimate every window here is kept with, for the check before a send and the
 * prompt alike.
 */
export function imageTokens(width: number, height: number): number {
  const fit = Math.min(1, 2048 / Math.max(width, height));
  const shorter = Math.min(1, 768 / (Math.min(width, height) * fit));
  const scale = fit * shorter;
  const tiles = Math.ceil((width * scale) / TILE) * Math.ceil((height * scale) / TILE);
  return 85 + 170 * tiles;
}
