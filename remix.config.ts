import type { VitePluginConfig } from "@remix-run/dev";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The Remix options; vite.config.ts passes them to the Remix Vite plugin (the only reader of this file). */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
} satisfies VitePluginConfig;
