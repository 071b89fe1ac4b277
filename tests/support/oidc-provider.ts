/**
 * A real OpenID provider in the test's own process (oidc-provider, a certified implementation), with one
 * client and a sign-in page where the test types who signs in and whether the provider has confirmed that
 * address ('E-mail verified'), or cancels. Consent is given at once: the tests are about the app's side.
 */
import { generateKeyPairSync, createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

export const TEST_CLIENT = { id: "rogue-e2e", secret: "e2e-client-secret" } as const;

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

interface TestAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function loginPage(uid: string, clientId: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test ID sign-in</title></head>
<body><h1>Test ID</h1><p>Signing in to ${escapeHtml(clientId)}</p>
<form method="post" action="/interaction/${uid}/login">
<label>Account e-mail <input name="email" type="email" required></label>
<label>Full name <input name="name"></label>
<label><input type="checkbox" name="verified" value="yes" checked> E-mail verified</label>
<button type="submit">Sign in to Test ID</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</body></html>`;
}

/** `redirectUris`: the app's callback URLs for this client. */
export async function startTestOidcProvider(redirectUris: string[], port = 0): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "e2e", use: "sig", alg: "RS256" }] },
    cookies: { keys: ["e2e-provider-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, accountId) {
      const account = accounts.get(accountId);
      if (!account) return undefined;
      return {
        accountId,
        claims: () => ({
          sub: accountId,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    // Consent is given at once, for what the client asked.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope(String(ctx.oidc.params!.scope ?? "openid"));
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const [, , uid, step] = new URL(req.url!, issuer).pathname.split("/");
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error("interaction mismatch");
    if (req.method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(loginPage(details.uid, String(details.params.client_id)));
      return;
    }
    if (step === "abort") {
      await provider.interactionFinished(req, res, {
        error: "access_denied",
        error_description: "The user cancelled the sign-in",
      });
      return;
    }
    const form = await readForm(req);
    const email = form.get("email") ?? "";
    // The subject is the provider's own id, stable for the address: never the address itself.
    const accountId = `sub-${createHash("sha256").update(email).digest("hex").slice(0, 16)}`;
    accounts.set(accountId, {
      email,
      name: form.get("name") || email.split("@")[0]!,
      emailVerified: form.get("verified") === "yes",
    });
    await provider.interactionFinished(req, res, { login: { accountId } });
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
      return;
    }
    callback(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
