import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormNotice, inputClass } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ApplyCouponSchema } from "~/schemas/checkout";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import type { CardPaymentStatus, ConfirmCard } from "./__card-payment";

const CardPayment = lazy(() => import("./__card-payment"));

type Result = SubmissionResult<string[]> | null | undefined;

/** The coupon field: once applied, input and button are disabled and read 'Applied ✓'. */
export function CouponForm({ applied, removeHref, lastResult }: { applied: string | null; removeHref: string; lastResult: Result }) {
  const [form, fields] = useForm({
    id: "coupon-form",
    lastResult,
    constraint: getZodConstraint(ApplyCouponSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ApplyCouponSchema }),
  });
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply-coupon";
  const { key, ...codeProps } = getInputProps(fields.couponCode, { type: "text" });
  const [noticeTitle, noticeText] = form.errors ?? [];

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="apply-coupon" />
      <label htmlFor={fields.couponCode.id} className="text-sm font-semibold text-navy-900">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          // Remounted when a coupon is applied, so the box shows the code as stored.
          key={`${key}-${applied ?? ""}`}
          {...codeProps}
          required={false}
          defaultValue={applied ?? codeProps.defaultValue}
          disabled={applied !== null}
          autoComplete="off"
          autoCapitalize="characters"
          className={`${inputClass} uppercase disabled:bg-slate-100`}
        />
        <button type="submit" disabled={applied !== null || applying} className={buttonClass("outline", "shrink-0")}>
          {applied ? "Applied ✓" : applying ? "Applying..." : "Apply"}
        </button>
      </div>
      <p id={fields.couponCode.errorId} className="min-h-5 text-sm text-red-700">
        {fields.couponCode.errors?.[0]}
      </p>
      {noticeTitle ? (
        <FormNotice id={form.errorId} title={noticeTitle}>
          {noticeText}
        </FormNotice>
      ) : null}
      {applied ? (
        <Link to={removeHref} className="justify-self-start text-sm font-semibold text-navy-900 underline">
          Remove coupon
        </Link>
      ) : null}
    </Form>
  );
}

type PayFormProps = {
  courseId: number;
  enrollmentFormId: number;
  couponCode: string | null;
  totalLabel: string;
  isFree: boolean;
  /** Null when payments are off. */
  publishableKey: string | null;
  lastResult: Result;
};

/**
 * Terms and the pay button. Without JavaScript (or
 * until the Payment Element is ready) it posts to the page's action, which
 * sends the student to Stripe's hosted Checkout. With the Payment Element
 * mounted, the card is confirmed here and the action records the enrollment.
 */
export function PayForm({ courseId, enrollmentFormId, couponCode, totalLabel, isFree, publishableKey, lastResult }: PayFormProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const confirmRef = useRef<ConfirmCard | null>(null);
  const [cardStatus, setCardStatus] = useState<CardPaymentStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [clientNotice, setClientNotice] = useState<[string, string?] | null>(null);
  const onConfirmReady = useCallback((confirm: ConfirmCard | null) => {
    confirmRef.current = confirm;
  }, []);

  const showCard = hydrated && publishableKey !== null && !isFree;
  const busy = confirming || navigation.state !== "idle" || (showCard && cardStatus === "creating");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const confirm = confirmRef.current;
    if (!confirm) return; // a plain post: hosted Checkout, or a free enrollment
    event.preventDefault();
    const terms = event.currentTarget.elements.namedItem("terms");
    if (!(terms instanceof HTMLInputElement) || !terms.checked) {
      setClientNotice([CHECKOUT_MESSAGES.termsRequired, CHECKOUT_MESSAGES.termsText]);
      return;
    }
    setClientNotice(null);
    setConfirming(true);
    const result = await confirm().catch(() => ({ ok: false as const, message: CHECKOUT_MESSAGES.paymentFailedFallback }));
    if (!result.ok) {
      setConfirming(false);
      setClientNotice([CHECKOUT_MESSAGES.paymentFailedTitle, result.message]);
      return;
    }
    if (result.status === "succeeded") {
      submit({ intent: "confirm-card", paymentIntentId: result.paymentIntentId }, { method: "post" });
    } else {
      window.location.assign(`/checkout/complete?payment_intent=${encodeURIComponent(result.paymentIntentId)}`);
    }
  }

  const serverErrors = lastResult?.status === "error" ? (lastResult.error?.[""] ?? null) : null;
  const [noticeTitle, noticeText] = clientNotice ?? (serverErrors ? [serverErrors[0], serverErrors[1]] : []);

  return (
    <Form method="post" reloadDocument onSubmit={onSubmit} className="grid gap-5" aria-describedby="pay-notice">
      <input type="hidden" name="intent" value="pay" />
      {showCard ? (
        <Suspense fallback={<p className="p-4 text-slate-700">Preparing secure payment...</p>}>
          <CardPayment
            publishableKey={publishableKey}
            courseId={courseId}
            couponCode={couponCode}
            enrollmentFormId={enrollmentFormId}
            onStatus={setCardStatus}
            onConfirmReady={onConfirmReady}
          />
        </Suspense>
      ) : null}
      <NoticeAndTerms title={noticeTitle} text={noticeText} />
      <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
        {confirming ? "Processing..." : isFree ? "Enroll for Free" : `Pay ${totalLabel}`}
      </button>
      {!isFree ? (
        <p className="text-center text-xs text-slate-600">
          Card payments are processed securely by Stripe. We never see or store your card number.
        </p>
      ) : null}
    </Form>
  );
}

/** The pay form's notice (a refusal, a failed payment) and the terms box, whichever provider takes the payment. */
export function NoticeAndTerms({ title, text }: { title: string | undefined; text: string | undefined }) {
  return (
    <>
      <div id="pay-notice">{title ? <FormNotice title={title}>{text}</FormNotice> : null}</div>
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input type="checkbox" name="terms" className="mt-0.5 size-5 shrink-0 accent-navy-900" />
        <span>
          I agree to the{" "}
          <a href="/terms" target="_blank" rel="noopener noreferrer" className="font-medium text-teal-700 underline">
            terms and conditions
          </a>{" "}
          and have read the{" "}
          <a href="/refund-policy" target="_blank" rel="noopener noreferrer" className="font-medium text-teal-700 underline">
            refund policy
          </a>
          .
        </span>
      </label>
    </>
  );
}
