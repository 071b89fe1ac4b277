/**
 * `/checkout?tier=&billing=`: Details → Payment → Confirmation. Each step is a form posted here and checked
 * in the action; the step shown comes from the order row, so the checkout is the same without JavaScript.
 */
import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { CheckoutSteps, OrderSummary, CardNetworks, SummaryRow } from "~/components/checkout/checkout-parts";
import { supportEmailLink } from "~/components/site/text-links";
import { ErrorList, Field } from "~/components/ui/field";
import { RouteErrorPage } from "~/components/ui/route-error-page";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { getSessionUser, requireUser } from "~/routes-support/auth.server";
import { detailsSchema, paymentSchema } from "~/modules/billing/checkout-schemas";
import { checkoutErrorResponse, loadCheckout, parsePlanChoice } from "~/modules/billing/checkout.server";
import { payWithCard, saveDetails, startRedirectPayment } from "~/modules/billing/orders.server";
import {
  BILLING_NAMES,
  formatPrice,
  PERIOD_LABELS,
  SUPPORT_EMAIL,
  TIER_NAMES,
} from "~/modules/billing/prices";
import { paymentProvider } from "~/modules/billing/providers.server";
import { messages } from "~/modules/texts/catalogue";
import { useFormat } from "~/modules/i18n/format";
import { translate } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { isCrossSite } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: translate("checkout:metaTitle") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const view = await loadCheckout(db(), session, new URL(request.url));
  return { ...view, provider: paymentProvider().kind };
}

const orderUrl = (orderId: string, extra = "") => `/checkout?order=${encodeURIComponent(orderId)}${extra}`;

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSite(request)) throw data({ message: messages.crossSite }, { status: 403 });
  const session = await getSessionUser(request);
  if (!session) throw data({ message: messages.signInToCheckout }, { status: 401 });
  const formData = await request.formData();
  // The price comes from the server's table; a form that tries to set one is tampered with.
  if (formData.has("amount") || formData.has("amount_cents")) {
    throw data({ message: messages.amountFromServer }, { status: 400 });
  }
  const orderId = formData.get("orderId");
  const provider = paymentProvider();

  if (formData.get("intent") === "details") {
    const choice = parsePlanChoice({ tier: formData.get("tier"), billing: formData.get("billing") });
    const submission = parseWithZod(formData, { schema: detailsSchema() });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const order = await saveDetails(
      db(),
      session.user,
      { ...choice, orderId: typeof orderId === "string" && orderId ? orderId : null },
      submission.value,
      provider.name,
    ).catch(checkoutErrorResponse);
    return redirect(orderUrl(order.id), 303);
  }

  if (formData.get("intent") !== "pay" || typeof orderId !== "string" || !orderId) {
    throw data({ message: messages.orderNotFound }, { status: 400 });
  }
  if (provider.kind === "redirect") {
    const origin = new URL(request.url).origin;
    const url = await startRedirectPayment(db(), session.user, orderId, provider, {
      successUrl: `${origin}${orderUrl(orderId, "&stripe=success")}`,
      cancelUrl: `${origin}${orderUrl(orderId)}`,
    }).catch(checkoutErrorResponse);
    return redirect(url ?? orderUrl(orderId), 303);
  }
  const submission = parseWithZod(formData, { schema: paymentSchema() });
  // The card fields are never sent back: a re-rendered form starts them empty.
  const hideFields = ["cardNumber", "expiry", "cvv"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const outcome = await payWithCard(db(), session.user, orderId, submission.value, provider).catch(
    checkoutErrorResponse,
  );
  if (outcome.status === "failed") {
    return data(submission.reply({ formErrors: [outcome.message], hideFields }), { status: 402 });
  }
  return redirect(orderUrl(orderId), 303);
}

export default function CheckoutPage() {
  const { t } = useTranslation("checkout");
  const view = useLoaderData<typeof loader>();
  const backHref =
    view.step === "payment" && view.order
      ? orderUrl(view.order.id, "&step=details")
      : `/pricing?billing=${view.billing}`;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      {view.step === "confirmation" || view.step === "processing" ? null : (
        <Link to={backHref} className="text-sm text-brand-light hover:underline">
          {view.step === "details" ? t("backToPricing") : t("backToDetails")}
        </Link>
      )}
      <h1 className="mt-4 text-3xl font-bold">{t("title")}</h1>
      <CheckoutSteps step={view.step} skipsPayment={view.tier === "starter"} />
      {view.isDemo ? (
        <DemoNotice />
      ) : view.step === "confirmation" ? (
        <Confirmation />
      ) : view.planWithoutEnd && view.tier === "professional" ? (
        <PlanWithoutEndNotice />
      ) : view.step === "processing" ? (
        <Processing />
      ) : (
        // The summary comes first: on a phone, where the columns stack, the price is read before the form, not
        // found under its button; from 768 px it is the right-hand column.
        <div className="mt-8 grid gap-8 md:grid-cols-[1fr_18rem]">
          <OrderSummary tier={view.tier} billing={view.billing} className="md:col-start-2 md:row-start-1" />
          <div className="min-w-0 md:col-start-1 md:row-start-1">
            {view.step === "details" ? <DetailsStep /> : <PaymentStep />}
          </div>
        </div>
      )}
    </main>
  );
}

/** A notice in the form's place: why there is nothing to buy here, and where to go instead. */
function CheckoutNotice({
  title,
  message,
  to,
  cta,
}: {
  title: string;
  message: string;
  to: string;
  cta: string;
}) {
  return (
    <section className="mt-8 max-w-xl rounded-lg border border-brand/60 bg-brand/10 p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-zinc-300" role="alert">
        {message}
      </p>
      <Link to={to} className="btn-primary mt-4">
        {cta}
      </Link>
    </section>
  );
}

function DemoNotice() {
  const { t } = useTranslation("checkout");
  const { tier, billing } = useLoaderData<typeof loader>();
  const back = `/checkout?tier=${tier}&billing=${billing}`;
  return (
    <CheckoutNotice
      title={t("demo.title")}
      message={messages.demoCheckout}
      to={`/signup?${new URLSearchParams({ redirectTo: back })}`}
      cta={t("demo.cta")}
    />
  );
}

/** Professional without an end date is not sold again: buying would give the plan an end (the action refuses). */
function PlanWithoutEndNotice() {
  const { t } = useTranslation("checkout");
  return (
    <CheckoutNotice
      title={t("planWithoutEnd.title")}
      message={messages.planWithoutEnd}
      to="/chat"
      cta={t("confirmation.startChat")}
    />
  );
}

/** A checkout step's form: its title, the step the action is to take (`intent`), then the step's own fields. */
function StepForm({
  id,
  title,
  intent,
  formProps,
  children,
}: {
  id: string;
  title: string;
  intent: "details" | "pay";
  formProps?: ReturnType<typeof getFormProps>;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...formProps} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

function DetailsStep() {
  const { t } = useTranslation("checkout");
  const view = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(detailsSchema(), {
    id: "checkout-details",
    lastResult,
    defaultValue: view.details,
  });
  const free = view.tier === "starter";
  return (
    <StepForm id="details" title={t("details.title")} intent="details" formProps={getFormProps(form)}>
      <input type="hidden" name="tier" value={view.tier} />
      <input type="hidden" name="billing" value={view.billing} />
      {view.order ? <input type="hidden" name="orderId" value={view.order.id} /> : null}
      <Field label={t("details.fullName")} meta={fields.name} type="text" autoComplete="name" />
      <Field label={t("details.email")} meta={fields.email} type="email" autoComplete="email" />
      <Field label={t("details.address")} meta={fields.address} type="text" autoComplete="street-address" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("details.city")} meta={fields.city} type="text" autoComplete="address-level2" />
        <Field label={t("details.zipCode")} meta={fields.zipCode} type="text" autoComplete="postal-code" />
      </div>
      <Field label={t("details.country")} meta={fields.country} type="text" autoComplete="country-name" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton
        label={free ? t("details.completeRegistration") : t("details.continueToPayment")}
        busyLabel={t("details.saving")}
      />
    </StepForm>
  );
}

/** The card's inputs: all digits, each with its example as placeholder; the CVV is hidden as it is typed. */
const CARD_INPUTS = {
  cardNumber: { type: "text", autoComplete: "cc-number" },
  expiry: { type: "text", autoComplete: "cc-exp" },
  cvv: { type: "password", autoComplete: "cc-csc" },
} as const;

function CardField({
  name,
  meta,
}: {
  name: keyof typeof CARD_INPUTS;
  meta: FieldMetadata<string | undefined>;
}) {
  const { t } = useTranslation("checkout");
  return (
    <Field
      label={t(`payment.${name}`)}
      meta={meta}
      type={CARD_INPUTS[name].type}
      inputMode="numeric"
      autoComplete={CARD_INPUTS[name].autoComplete}
      placeholder={t(`payment.${name}Placeholder`)}
    />
  );
}

/**
 * A failed order's reason as the form's starting result: the form then says it like any answer of its own, and
 * the next submission, checked in the browser or by the action, replaces it.
 */
function failedPaymentResult(failure: string | null): SubmissionResult | undefined {
  return failure ? { status: "error", error: { "": [failure] } } : undefined;
}

/**
 * With a redirect provider (Stripe) the form only starts the payment, on the provider's page; otherwise it
 * takes the card here. Either way it shows a declined payment's reason.
 */
function PaymentStep() {
  const { t } = useTranslation("checkout");
  const { locale } = useFormat();
  const view = useLoaderData<typeof loader>();
  const order = view.order!;
  const lastResult = useActionData<typeof action>();
  const lastFailure = useMemo(() => failedPaymentResult(order.failure), [order.failure]);
  const [form, fields] = useZodForm(paymentSchema(), {
    id: "checkout-payment",
    lastResult: lastResult ?? lastFailure,
  });
  const price = `${formatPrice(order.amount_cents, locale)}${PERIOD_LABELS[view.billing]}`;
  const byCard = view.provider !== "redirect";
  return (
    <StepForm
      id="payment"
      title={t("payment.title")}
      intent="pay"
      formProps={byCard ? getFormProps(form) : undefined}
    >
      <input type="hidden" name="orderId" value={order.id} />
      {byCard ? (
        <>
          <CardField name="cardNumber" meta={fields.cardNumber} />
          <div className="grid gap-4 sm:grid-cols-2">
            <CardField name="expiry" meta={fields.expiry} />
            <CardField name="cvv" meta={fields.cvv} />
          </div>
        </>
      ) : (
        <p className="text-zinc-300">{t("payment.stripeNote", { price })}</p>
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton
        label={byCard ? t("payment.pay", { price }) : t("payment.payWithStripe", { price })}
        busyLabel={t("payment.processing")}
      />
      <CardNetworks />
    </StepForm>
  );
}

function Processing() {
  const { t } = useTranslation("checkout");
  const view = useLoaderData<typeof loader>();
  return (
    <section className="mt-8 max-w-xl rounded-lg border border-zinc-800 p-6" aria-live="polite">
      <h2 className="text-xl font-semibold">{t("processing.title")}</h2>
      <p className="mt-2 text-zinc-300">{t("processing.text")}</p>
      <Link to={orderUrl(view.order!.id, "&stripe=success")} className="btn-secondary mt-4">
        {t("processing.checkAgain")}
      </Link>
    </section>
  );
}

function Confirmation() {
  const { t } = useTranslation("checkout");
  const format = useFormat();
  const view = useLoaderData<typeof loader>();
  const order = view.order!;
  const professional = view.tier === "professional";
  return (
    <section className="mt-8 grid gap-8 md:grid-cols-[1fr_18rem]" aria-labelledby="thanks-title">
      <div>
        <h2 id="thanks-title" className="text-3xl font-bold">
          {t("confirmation.title")}
        </h2>
        <p className="mt-2 text-zinc-300">
          {!professional
            ? t("confirmation.starter")
            : view.planExpiresAt
              ? t("confirmation.professionalUntil", {
                  date: format.date(view.planExpiresAt, { dateStyle: "medium" }),
                })
              : t("confirmation.professional")}
        </p>
        <h3 className="mt-6 font-semibold">{t("confirmation.nextSteps")}</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-zinc-300">
          <li>{professional ? t("confirmation.stepModelProfessional") : t("confirmation.stepModel")}</li>
          <li>{t("confirmation.stepHistory")}</li>
          <li>{t("confirmation.stepSettings")}</li>
        </ol>
        <p className="mt-6 text-sm text-zinc-400">
          <Trans
            t={t}
            i18nKey="confirmation.questions"
            values={{ email: SUPPORT_EMAIL }}
            components={{ email: supportEmailLink }}
          />
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/" className="btn-secondary">
            {t("confirmation.home")}
          </Link>
          <Link to="/chat" className="btn-primary">
            {t("confirmation.startChat")}
          </Link>
        </div>
      </div>
      {/* As tall as its lines, not stretched to the height of the thanks beside it. */}
      <aside aria-label={t("summary.label")} className="h-fit rounded-lg border border-zinc-800 p-4 text-sm">
        <h3 className="font-semibold">{t("summary.label")}</h3>
        <dl className="mt-3 space-y-2">
          <SummaryRow label={t("summary.plan")}>{TIER_NAMES[view.tier]}</SummaryRow>
          {order.amount_cents > 0 ? (
            <SummaryRow label={t("summary.billing")}>{BILLING_NAMES[view.billing]}</SummaryRow>
          ) : null}
          <SummaryRow label={t("summary.totalPaid")} testId="order-total">
            {formatPrice(order.amount_cents, format.locale)}
          </SummaryRow>
          {order.card_last4 ? (
            <SummaryRow label={t("summary.card")}>
              {order.card_brand} •••• {order.card_last4}
            </SummaryRow>
          ) : null}
          <SummaryRow label={t("summary.order")} valueClassName="truncate font-mono text-xs">
            {order.id.slice(-8)}
          </SummaryRow>
        </dl>
        {/* Under the card paid with: on a phone the thanks, next steps and buttons then stay together. */}
        <CardNetworks className="mt-4 border-t border-zinc-800 pt-3" />
      </aside>
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("checkout");
  return <RouteErrorPage title={t("error.title")} back={{ to: "/pricing", label: t("error.back") }} />;
}
