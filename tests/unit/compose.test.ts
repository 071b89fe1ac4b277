/**
 * No container engine runs here, so compose.yaml is checked by reading it: its services, commands and settings
 * must be ones the image and the processes really accept, and every setting it uses must be in the README.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { CONTAINER_ROLES } from "#server/container";
import { sharedEnvShape } from "#platform/env";
import { workerShape } from "#worker/env";
import { webShape } from "~/utils/env.server";

const root = path.resolve(import.meta.dirname, "../..");
// Compose resolves YAML merge keys (<<), which YAML 1.2 leaves out unless asked.
const compose = parse(readFileSync(path.join(root, "compose.yaml"), "utf8"), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      build?: string;
      command?: string[];
      environment?: Record<string, string>;
      depends_on?: Record<string, { condition: string }>;
      deploy?: { replicas?: number };
      healthcheck?: { test: string[] };
    }
  >;
};
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const appServices = Object.entries(compose.services).filter(([, service]) => service.build);
const knownSettings = new Set([
  ...Object.keys(sharedEnvShape),
  ...Object.keys(webShape),
  ...Object.keys(workerShape),
]);

describe("compose.yaml", () => {
  it("runs two web and two worker processes, after a one-shot migrate, on PostgreSQL and Redis", () => {
    expect(compose.services.web?.deploy?.replicas).toBe(2);
    expect(compose.services.worker?.deploy?.replicas).toBe(2);
    for (const name of ["web", "worker"]) {
      expect(compose.services[name]?.depends_on?.migrate?.condition).toBe("service_completed_successfully");
    }
    expect(compose.services.migrate?.depends_on).toMatchObject({
      redis: { condition: "service_healthy" },
      postgres: { condition: "service_healthy" },
    });
    expect(compose.services.web?.healthcheck?.test.join(" ")).toContain("/healthz");
  });

  it("keeps Redis's data and never lets it evict a key", () => {
    const command = compose.services.redis?.command?.join(" ");
    expect(command).toContain("--appendonly yes");
    expect(command).toContain("--maxmemory-policy noeviction");
  });

  it("gives each app service a command the image's entry point accepts", () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(["migrate", "web", "worker"]);
    for (const [, service] of appServices) {
      expect(CONTAINER_ROLES).toContain(service.command?.[0]);
    }
  });

  it("sets only settings the processes read, each documented in the README", () => {
    for (const [name, service] of appServices) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(knownSettings, `${name}: ${variable}`).toContain(variable);
        expect(readme, `${variable} in the README`).toContain(`\`${variable}\``);
      }
    }
    expect(compose.services.web?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(compose.services.worker?.environment?.REDIS_URL).toBe("redis://redis:6379");
  });

  it("is described in the README", () => {
    expect(readme).toContain("docker compose up");
  });
});
