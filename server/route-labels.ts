/**
 * What a request is called in metrics and logs: its route's pattern (`/share/:shareId`), never the path it
 * asked for. A path holds ids, and some ids are secrets (a share link's id opens the chat), so none may reach
 * a label or a log line; and a label set drawn from paths grows with every random URL a scanner tries. Every
 * label comes from a fixed set: the app's route patterns, the server's own mounts, or "unmatched".
 */
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

/** What the server answers itself, before the Remix app: a path and everything under it. */
const SERVER_PATHS: [path: string, label: string][] = [
  ["/metrics", "/metrics"],
  ["/assets", "/assets/*"],
  ["/admin/queues", "/admin/queues/*"],
];
/** Single fetch's data requests: `/chat.data`, and `/_root.data` for the index page. */
const DATA_SUFFIX = ".data";
const ROOT_DATA = "/_root.data";

type RouteObjects = Parameters<typeof matchRoutes>[0];

/** The build's flat route manifest as the tree matchRoutes walks. */
function routeTree(routes: ServerBuild["routes"]): RouteObjects {
  const manifest = Object.values(routes).filter((route) => route !== undefined);
  const children = new Map<string | undefined, RouteObjects>();
  for (const route of manifest) children.set(route.id, []);
  const roots: RouteObjects = [];
  for (const { id, parentId, path, index, caseSensitive } of manifest) {
    const siblings = (parentId && children.get(parentId)) || roots;
    siblings.push(
      index
        ? { id, path, index: true, caseSensitive }
        : { id, path, caseSensitive, children: children.get(id) },
    );
  }
  return roots;
}

/** Labels requests by the app's route patterns; a pathname no route matches is "unmatched". */
export function routeLabeler(routes: ServerBuild["routes"]) {
  const tree = routeTree(routes);
  const patternOf = (pathname: string) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return null;
    const segments = matches.map((match) => match.route.path).filter(Boolean);
    return `/${segments.join("/")}`.replace(/\/+/g, "/");
  };
  return (pathname: string, status: number): string => {
    if (status === 404) return "unmatched";
    const own = SERVER_PATHS.find(([path]) => pathname === path || pathname.startsWith(`${path}/`));
    if (own) return own[1];
    if (pathname === ROOT_DATA) return ROOT_DATA;
    const data = pathname.endsWith(DATA_SUFFIX);
    const pattern = patternOf(data ? pathname.slice(0, -DATA_SUFFIX.length) : pathname);
    if (!pattern) return "unmatched";
    return data ? `${pattern}${DATA_SUFFIX}` : pattern;
  };
}
