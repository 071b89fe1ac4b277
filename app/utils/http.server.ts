import { parseFormData, type FileUploadHandler } from "@remix-run/form-data-parser";
import { messages } from "~/modules/texts/catalogue";
import { webLogger } from "~/utils/logger.server";

/** Joins header sets, keeping every Set-Cookie (a session and a toast can both be set by one response). */
export function combineHeaders(...sets: (HeadersInit | null | undefined)[]): Headers {
  const combined = new Headers();
  for (const set of sets) {
    if (!set) continue;
    new Headers(set).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}

export function notFound(message = "Not found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** RFC 5987 percent-encoding for the `filename*` parameter. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition naming `filename`: a plain-ASCII `filename` for old clients (`fallback` when nothing
 * of the name is ASCII) and the exact UTF-8 name in `filename*` (RFC 6266). Quotes, backslashes and line
 * breaks in the name cannot break out of the header.
 */
export function dispositionHeader(type: "attachment" | "inline", filename: string, fallback: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const plain = /^[_\s]*\.[a-z]+$/.test(ascii) ? fallback : ascii;
  return `${type}; filename="${plain}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

/**
 * Where an event stream's reader resumes: its Last-Event-ID, or for a client that cannot set that header, the
 * query parameter `param`.
 */
export const lastEventId = (request: Request, param: string) =>
  request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get(param);

/** The request's real scheme decides the Secure flag, so plain-http `npm start` on localhost keeps its cookies. */
export const isSecureRequest = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * A form post from another site (CSRF) is refused: browsers say where a request comes from in Sec-Fetch-Site
 * and Origin. Requests without either (curl, server-to-server webhooks) are not browser posts from elsewhere.
 */
export function comesFromAnotherSite(headers: {
  secFetchSite: string | null | undefined;
  origin: string | null | undefined;
  selfOrigin: string;
}): boolean {
  if (headers.secFetchSite === "cross-site" || headers.secFetchSite === "same-site") return true;
  if (headers.origin === undefined || headers.origin === null) return false;
  // A malformed or "null" Origin is never this site's.
  return headers.origin !== headers.selfOrigin;
}

export const isCrossSite = (request: Request) =>
  comesFromAnotherSite({
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    origin: request.headers.get("Origin"),
    selfOrigin: new URL(request.url).origin,
  });

/** How a form's files are read: each handed to `handler`, none longer than `maxFileSize` bytes. */
export interface FormUploads {
  handler: FileUploadHandler;
  maxFileSize: number;
}

/**
 * The request's form data; a body that cannot be read as a form (a broken multipart body, say) is the
 * client's mistake, answered 400 with the catalogue's text, never a 500. A form that may carry files is read
 * part by part through `uploads`.
 */
export async function readFormData(request: Request, uploads?: FormUploads): Promise<FormData> {
  let form: FormData;
  try {
    // The count of files is the caller's to refuse with its own words: the parser only bounds the parts.
    form = uploads
      ? await parseFormData(
          request,
          { maxFileSize: uploads.maxFileSize, maxFiles: Infinity },
          uploads.handler,
        )
      : await request.formData();
  } catch (error) {
    if (request.signal.aborted) throw error;
    // No path: it may hold a secret id (a share link's); the request's own log line names its route pattern.
    webLogger().warn({ err: error }, "unreadable form body");
    throw malformedForm();
  }
  // No keyboard types a NUL, and PostgreSQL cannot store one in text: a form carrying one is refused whole.
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) throw malformedForm();
  }
  return form;
}

const malformedForm = () =>
  new Response(messages.malformedForm, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
