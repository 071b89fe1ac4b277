import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { routeLabeler } from "./route-labels";

/** A few of the app's routes, as the build's manifest lists them (flat routes: ids are file names). */
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  [id]: { id, parentId, path, index, module: {} },
});
const routes = {
  ...route("root", undefined, ""),
  ...route("routes/$", "root", "*"),
  ...route("routes/_public", "root"),
  ...route("routes/_public._index", "routes/_public", undefined, true),
  ...route("routes/share.$shareId", "root", "share/:shareId"),
  ...route("routes/chat", "root", "chat"),
  ...route("routes/chat._index", "routes/chat", undefined, true),
  ...route("routes/chat.$chatId", "routes/chat", ":chatId"),
  ...route("routes/admin", "root", "admin"),
  ...route("routes/admin.$", "routes/admin", "*"),
  ...route("routes/admin.users", "routes/admin", "users"),
  ...route("routes/api.completions.$id.stream", "root", "api/completions/:id/stream"),
} as unknown as ServerBuild["routes"];

describe("route labels for metrics and logs", () => {
  const label = routeLabeler(routes);

  it("names a request by its route's pattern, never by the ids in its path", () => {
    expect(label("/share/X_zPn5Qm0aB1cD2eF3gH4i", 200)).toBe("/share/:shareId");
    expect(label("/chat/0194d0c2-7a3e-7b41-9c1d-2f3a4b5c6d7e", 200)).toBe("/chat/:chatId");
    expect(label("/chat/0194d0c2-7a3e-7b41-9c1d-2f3a4b5c6d7e.data", 200)).toBe("/chat/:chatId.data");
    expect(label("/api/completions/0194d0c2/stream", 200)).toBe("/api/completions/:id/stream");
    expect(label("/chat", 302)).toBe("/chat");
    expect(label("/", 200)).toBe("/");
    expect(label("/_root.data", 200)).toBe("/_root.data");
  });

  it("gives unknown paths one label per route, whatever they answer", () => {
    expect(label("/admin/x7Gq2", 302)).toBe("/admin/*");
    expect(label("/admin/users/extra/parts", 302)).toBe("/admin/*");
    expect(label("/wp-admin/setup.php", 302)).toBe("/*");
    expect(label("/wp-admin/setup.php", 404)).toBe("unmatched");
  });

  it("names the server's own paths by their mount", () => {
    expect(label("/assets/entry.client-C0ffee.js", 200)).toBe("/assets/*");
    expect(label("/admin/queues/api/queues/completion/0194/retry", 204)).toBe("/admin/queues/*");
    expect(label("/metrics", 403)).toBe("/metrics");
  });

  it("labels everything unmatched when no route matches", () => {
    const bare = routeLabeler(route("routes/chat", undefined, "chat") as unknown as ServerBuild["routes"]);
    expect(bare("/elsewhere/abc", 302)).toBe("unmatched");
  });
});
