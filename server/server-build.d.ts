/** The Remix app as the Remix Vite plugin provides it to code that Vite builds or loads (server/web.ts). */
declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/node";
  export const mode: ServerBuild["mode"];
  export const entry: ServerBuild["entry"];
  export const routes: ServerBuild["routes"];
  export const assets: ServerBuild["assets"];
  export const basename: ServerBuild["basename"];
  export const publicPath: ServerBuild["publicPath"];
  export const assetsBuildDirectory: ServerBuild["assetsBuildDirectory"];
  export const future: ServerBuild["future"];
  export const isSpaMode: ServerBuild["isSpaMode"];
}
