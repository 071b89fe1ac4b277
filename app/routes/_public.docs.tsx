/** `/docs`: what the product does today, its plans, and how to try the checkout (the simulated test cards). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { Link, useLoaderData } from "@remix-run/react";
import { API_RETENTION, apiExamples } from "~/modules/api/api-docs";
import { PageSection, PageShell } from "~/components/site/page-shell";
import { settingsText } from "~/modules/settings/settings-messages";
import { SIMULATED_DECLINES, SIMULATED_SUCCESS_CARDS } from "~/modules/billing/test-cards";

export const meta: MetaFunction = () => [{ title: "Docs — Rogue AI" }];

const group = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

export const loader = ({ request }: LoaderFunctionArgs) => ({ origin: new URL(request.url).origin });

export default function DocsPage() {
  const { origin } = useLoaderData<typeof loader>();
  const examples = apiExamples(origin);
  return (
    <PageShell
      title="Documentation"
      lead="How to use Rogue AI, what each plan includes, and how checkout works."
    >
      <PageSection title="Getting started">
        <p>
          <Link to="/signup" className="text-brand-light underline hover:text-white">
            Create an account
          </Link>{" "}
          or press <strong>Try Demo</strong> on the sign-in page for a private, temporary account (24 hours).
          Signing up from a demo keeps its chats.
        </p>
        <p>
          In the chat, type a message and press Enter (Shift+Enter for a new line). Pick the model in the
          header; you may switch during a conversation. Replies stream in; you can stop one, regenerate it, or
          edit your last message and ask again. Chats can be searched, renamed, downloaded as text, deleted or
          archived.
        </p>
      </PageSection>
      <PageSection title="Plans">
        <ul className="list-disc space-y-1 pl-5">
          <li>Starter (free): 3 messages a day, 2 models, chats from the last 24 hours.</li>
          <li>
            Professional ($25 a month or $250 a year): unlimited messages, every model, all of your history,
            priority support, and the OpenAI-compatible developer API. Custom training is not available yet.
          </li>
        </ul>
        <p>
          A paid plan runs for a month or a year from payment. &lsquo;Cancel plan&rsquo; in Settings → Account
          stops it renewing; you keep Professional until its end date, then the account returns to Starter.
        </p>
      </PageSection>
      <PageSection title="Checkout and test cards">
        <p>
          Checkout has three steps: Details, Payment and Confirmation. It works with JavaScript turned off.
          Card numbers and CVVs are never stored or logged; an order keeps the card&apos;s brand and last four
          digits.
        </p>
        <p>
          When the service runs without Stripe settings, payments are <strong>simulated</strong>: no money
          moves. Any 16-digit number that passes the Luhn check, with an expiry in the future, is accepted.
          These numbers are declined on purpose:
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-zinc-800">
              <th scope="col" className="py-2 pr-4">
                Card number
              </th>
              <th scope="col" className="py-2">
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(SIMULATED_SUCCESS_CARDS).map(([brand, number]) => (
              <tr key={number} className="border-b border-zinc-800">
                <td className="py-2 pr-4 font-mono">{group(number)}</td>
                <td className="py-2">Paid ({brand})</td>
              </tr>
            ))}
            {Object.entries(SIMULATED_DECLINES).map(([number, message]) => (
              <tr key={number} className="border-b border-zinc-800">
                <td className="py-2 pr-4 font-mono">{group(number)}</td>
                <td className="py-2">Declined: {message}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>Any expiry date in the past is declined as an expired card. Use any 3 or 4 digits as the CVV.</p>
        <p>
          With <code>STRIPE_SECRET_KEY</code> and <code>STRIPE_WEBHOOK_SECRET</code> set, the Payment step
          sends you to Stripe&apos;s hosted checkout instead, and the plan changes when Stripe confirms the
          payment.
        </p>
      </PageSection>
      <PageSection title={settingsText.developerApi}>
        <p>
          Professional accounts can call Rogue AI from their own programs with any OpenAI client: create a key
          in Settings → Account → Developer API, and use{" "}
          <code className="font-mono text-brand-light">{examples.base}</code> as the base URL.{" "}
          <Link to="/api" className="text-brand-light underline hover:text-white">
            The API page
          </Link>{" "}
          has curl and SDK examples for this server.
        </p>
        {[examples.curlChat, examples.sdk].map((example) => (
          <pre
            key={example}
            className="overflow-x-auto rounded-lg border border-zinc-800 bg-zinc-950 p-4 text-sm"
          >
            <code>{example}</code>
          </pre>
        ))}
        <p>{API_RETENTION}</p>
      </PageSection>
      <PageSection title="Privacy">
        <p>
          Your chats are visible to your account only. Your own vendor API key, if you set one, is stored
          encrypted and used only for your replies. Avatars are generated on our server; your e-mail is not
          sent anywhere.
        </p>
      </PageSection>
    </PageShell>
  );
}
