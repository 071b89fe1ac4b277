/**
 * Any URL no other route serves. Answering 404 from a route (rather than from no match at all) lets the root
 * loader run, so the not-found page's site header knows who is signed in. The root ErrorBoundary renders the
 * page; the component exists so Remix treats this as a page route, not a resource route returning bare text.
 */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
