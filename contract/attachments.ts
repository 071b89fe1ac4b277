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
