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
 * The user's turn with its documents before the question. A document's text is quoted whole; a closing tag
 * inside it is defused, so a file cannot end its own quotation and pass the rest off as the user's words.
 */
export function withDocuments(question: string, documents: PromptDocument[]): string {
  if (documents.length === 0) return question;
  const quoted = documents.map(
    ({ name, text }) =>
      `<document name="${attribute(name)}">\n${text.replace(/<\/document>/gi, "<\\/document>")}\n</document>`,
  );
  return `${quoted.join("\n\n")}\n\n${question}`;
}
