/** The files a chat form carries, read the same way by the composer and the server (docs/product.md §14). */

/** The form field the composer's files come in. */
export const FILES_FIELD = "files";

/** The files a form carries; an empty file input (nothing chosen) sends a nameless, empty part, not a file. */
export const filesOf = (form: FormData): File[] =>
  form.getAll(FILES_FIELD).filter((value): value is File => typeof value !== "string" && value.name !== "");
