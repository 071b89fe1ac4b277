/** `/api`: the OpenAI-compatible developer API, with examples that run against this server (docs/product.md §12). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, type MetaFunction } from "@remix-run/react";
import { PageSection, PageShell } from "~/components/site/page-shell";
import { API_RETENTION, apiExamples } from "~/modules/api/api-docs";

export const meta: MetaFunction = () => [{ title: "API — Rogue AI" }];

export const loader = ({ request }: LoaderFunctionArgs) => ({ origin: new URL(request.url).origin });

const ENDPOINTS = [
  { route: "GET /v1/models", body: "The models you can name, in OpenAI's list format." },
  {
    route: "POST /v1/chat/completions",
    body: "model, messages (system, user, assistant; the last one the user's), temperature (0–2), max_tokens, stream, stream_options.include_usage. Whole replies and streamed chunks in OpenAI's format, ending with data: [DONE].",
  },
  {
    route: "GET /v1/completions/{id}/stream",
    body: "Replays a reply's stream from where yours stopped: each streamed text chunk's id is its offset in the reply; send the last one as Last-Event-ID (or ?after=). Every answer names its completion in the X-Rogue-Completion-Id header. Works for 24 hours, the reply's retention.",
  },
];

const ERRORS = [
  [
    "400",
    "BadRequestError",
    "a body that is not JSON, a wrong type, a message over 32 KB, the last message not the user's",
  ],
  ["401", "AuthenticationError", "no key, a malformed Authorization header, an unknown or revoked key"],
  [
    "403",
    "PermissionDeniedError",
    "a Starter or demo account (upgrade to Professional), a suspended or restricted account",
  ],
  ["404", "NotFoundError", "an unknown model, path or completion"],
  ["429", "RateLimitError", "over your key's requests per minute; wait the seconds in Retry-After"],
  ["502", "InternalServerError", "every vendor serving the model failed"],
];

function Code({ children }: { children: string }) {
  return (
    <pre className="overflow-x-auto rounded-lg border border-zinc-800 bg-zinc-950 p-4 text-sm">
      <code>{children}</code>
    </pre>
  );
}

export default function ApiPage() {
  const { origin } = useLoaderData<typeof loader>();
  const examples = apiExamples(origin);
  return (
    <PageShell
      title="Private Inference API"
      lead="An OpenAI-compatible API for Professional accounts: point any OpenAI client at this server and use your Rogue AI key. Requests go through the same queue, vendor fallback and plan rules as the chat."
    >
      <PageSection title="Get a key">
        <p>
          On Professional, open Settings → Account → Developer API →{" "}
          <Link to="/settings/api-keys" className="text-brand-light underline hover:text-white">
            API keys
          </Link>{" "}
          and create a key. It is shown once (it starts with <code>rk-</code>); we keep only a hash of it.
          Send it as <code>Authorization: Bearer rk-…</code>. Revoking a key stops it at once.
        </p>
        <p>
          Base URL: <code className="font-mono text-brand-light">{examples.base}</code>
        </p>
        <p>
          Web pages on any site may call the API (CORS): the key is the only credential, so keep it out of
          pages other people can read.
        </p>
      </PageSection>
      <PageSection title="Endpoints">
        <ul className="space-y-3">
          {ENDPOINTS.map((endpoint) => (
            <li key={endpoint.route} className="rounded-lg border border-zinc-800 p-4">
              <code className="font-mono text-brand-light">{endpoint.route}</code>
              <p className="mt-1 text-zinc-400">{endpoint.body}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title="curl">
        <Code>{examples.curlModels}</Code>
        <Code>{examples.curlChat}</Code>
        <Code>{examples.curlStream}</Code>
        <p>A stream that dropped can be read again from where it stopped:</p>
        <Code>{examples.curlResume}</Code>
      </PageSection>
      <PageSection title="OpenAI SDK">
        <Code>{examples.sdk}</Code>
        <Code>{examples.python}</Code>
      </PageSection>
      <PageSection title="Errors and limits">
        <p>
          Errors use OpenAI&apos;s shape, <code>{'{"error": {"message", "type", "code"}}'}</code>, so the SDKs
          raise their usual exceptions:
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-zinc-800">
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2 pr-4">
                SDK exception
              </th>
              <th scope="col" className="py-2">
                When
              </th>
            </tr>
          </thead>
          <tbody>
            {ERRORS.map(([status, exception, when]) => (
              <tr key={status} className="border-b border-zinc-800 align-top">
                <td className="py-2 pr-4 font-mono">{status}</td>
                <td className="py-2 pr-4 font-mono">{exception}</td>
                <td className="py-2">{when}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Each key may make a set number of requests a minute (60 unless the operator changed it). Usage is
          counted per key. Token counts are the vendor&apos;s; when a vendor reports none, they are estimated
          at four characters a token.
        </p>
      </PageSection>
      <PageSection title="Data retention">
        <p>{API_RETENTION}</p>
      </PageSection>
    </PageShell>
  );
}
