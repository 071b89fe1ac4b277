/**
 * Serves one resource route through Remix's own request handler with the app's future flags (single fetch
 * on), so a test sees the status and body a client would get — calling the action directly would not show
 * what Remix does with its return value.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import remixConfig from "../../remix.config";

export function serveResourceRoute(path: string, module: Partial<ServerBuild["routes"][string]["module"]>) {
  const build = {
    mode: "test",
    entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
    routes: {
      root: { id: "root", path: "", module: {} },
      route: { id: "route", parentId: "root", path, module },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: remixConfig.future,
    isSpaMode: false,
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "test");
  return (request: Request) => handle(request, { clientIp: "203.0.113.1" });
}
