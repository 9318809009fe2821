import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormNotice, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ChatAnswerText } from "~/components/chat/chat-answer-text";
import { CHAT_ERROR, fallbackAction } from "~/components/chat/chat-replies";
import { CHAT_TITLE } from "~/components/chat/chat-text";
import { chatGreeting, CHAT_INPUT_PLACEHOLDER, CHAT_OFFERINGS, CHAT_QUICK_QUESTIONS } from "~/content/chat";
import { CHAT_FAQ, withRefundAnswer } from "~/content/faq";
import { refundPolicySummary } from "~/services/legal-pages.server";
import { useInstitute, useWhatsappLink } from "~/utils/use-institute";
import { ChatQuestionSchema } from "~/schemas/chat";
import { answerQuestion, chatSuggestions, checkChatRateLimit } from "~/services/chat/chat.server";
import { pageMeta } from "~/utils/seo";
import { useSchemaForm } from "~/utils/use-schema-form";
import { FaqList } from "~/components/faq-list";
import { readFormData } from "~/utils/form-data.server";

/*
 * The chat without JavaScript: the floating chat button links here, and this
 * page does what the widget does through plain form posts (question in, answer
 * and suggestions out). With JavaScript the widget opens instead, but the page
 * works the same either way.
 */

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: CHAT_TITLE,
    description:
      "Ask our assistant about courses, fees, upcoming events and refunds, read the common questions, or chat with our team on WhatsApp.",
    path: "/chat",
  });

const FAQ_HEADING_ID = "chat-faq";

export function loader() {
  const suggestions = chatSuggestions();
  return {
    quickQuestions: suggestions.length > 0 ? suggestions : CHAT_QUICK_QUESTIONS,
    faq: withRefundAnswer(CHAT_FAQ, refundPolicySummary()),
  };
}

type Reply = { question: string; answer: string; suggestions: string[]; failed: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  // No honeypot: nothing a visitor posts here is stored or sent on; the rate limit is the guard.
  const submission = parseWithZod(await readFormData(request), { schema: ChatQuestionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), reply: null }, { status: 400 });
  }
  const limit = await checkChatRateLimit(context.clientAddress);
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: [limit.message] }), reply: null },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const { question } = submission.value;
  try {
    const { answer, suggestions } = await answerQuestion(question);
    return { result: submission.reply({ resetForm: true }), reply: { question, answer, suggestions, failed: false } satisfies Reply };
  } catch (error) {
    console.error("Answering a chat question failed", error);
    const reply: Reply = { question, answer: CHAT_ERROR.answer, suggestions: [...CHAT_ERROR.suggestions], failed: true };
    return data({ result: submission.reply({ resetForm: true }), reply }, { status: 500 });
  }
}

export default function ChatPage() {
  const { quickQuestions, faq } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const asking = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/chat";
  const [form, fields] = useSchemaForm(ChatQuestionSchema, { id: "chat-question", lastResult: actionData?.result });
  const reply = actionData?.reply ?? null;

  return (
    <>
      <section className="bg-navy-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold sm:text-4xl">{CHAT_TITLE}</h1>
          <p className="mt-3 text-lg text-slate-200">{chatGreeting(useInstitute().name)}</p>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <a href={useWhatsappLink("general")} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
              Start Chat<span className="sr-only"> on WhatsApp (opens in a new tab)</span>
            </a>
            <p className="text-sm text-slate-200">{useInstitute().hours}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="chat-ask" className="mx-auto w-full max-w-3xl px-4 py-10">
        <h2 id="chat-ask" className="text-2xl font-bold text-navy-900">
          Ask AI Assistant
        </h2>
        <p className="mt-2 text-slate-700">Ask about our courses, fees, upcoming events, certificates or refunds.</p>

        <div aria-live="polite">{reply ? <ReplyCard reply={reply} asking={asking} /> : null}</div>

        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-1">
          {form.errors?.length ? (
            <div id={form.errorId} className="mb-4">
              <FormNotice title={form.errors[0] ?? ""} />
            </div>
          ) : null}
          <TextField field={fields.question} label="Your question" placeholder={CHAT_INPUT_PLACEHOLDER} autoComplete="off" required />
          <button type="submit" disabled={asking} className={buttonClass("primary", "justify-self-start")}>
            {asking ? "Thinking…" : "Send"}
          </button>
        </Form>

        {reply ? null : (
          <div className="mt-6">
            <h3 id="chat-quick" className="font-semibold text-navy-900">
              Popular questions
            </h3>
            <ul aria-labelledby="chat-quick" className="mt-3 flex flex-wrap gap-2">
              {quickQuestions.map((question) => (
                <li key={question}>
                  <AskButton question={question} disabled={asking} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <section aria-labelledby="chat-offerings" className="bg-white py-10">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="chat-offerings" className="text-2xl font-bold text-navy-900">
            How we can help
          </h2>
          <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
            {CHAT_OFFERINGS.map((offering) => (
              <li key={offering}>{offering}</li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby={FAQ_HEADING_ID} className="mx-auto w-full max-w-3xl px-4 py-10">
        <h2 id={FAQ_HEADING_ID} className="text-2xl font-bold text-navy-900">
          Frequently Asked Questions
        </h2>
        {/* Plain <details> work without JavaScript, and each opens on its own; keeping
            one answer open at a time is the floating widget's enhancement. */}
        <FaqList items={faq} />
        <a href={useWhatsappLink("general")} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "mt-6")}>
          Chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </section>
    </>
  );
}

function ReplyCard({ reply, asking }: { reply: Reply; asking: boolean }) {
  return (
    <div className="mt-6 space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">You asked</h3>
        <p className="mt-1 text-navy-900">{reply.question}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Answer</h3>
        <p className="mt-1 whitespace-pre-line text-slate-900">
          <ChatAnswerText text={reply.answer} />
        </p>
      </div>
      {reply.suggestions.length > 0 ? (
        <div>
          <h3 id="chat-suggestions" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {reply.failed ? "What you can do" : "You might also ask"}
          </h3>
          <ul aria-labelledby="chat-suggestions" className="mt-2 flex flex-wrap gap-2">
            {reply.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <SuggestionControl suggestion={suggestion} asking={asking} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const chipClass =
  "inline-flex min-h-11 items-center rounded-full border border-teal-600 bg-white px-4 py-2 text-left text-sm text-teal-800 hover:bg-teal-50 disabled:cursor-not-allowed disabled:opacity-60";

/** The three fallback suggestions are links here; any other suggestion posts that question. */
function SuggestionControl({ suggestion, asking }: { suggestion: string; asking: boolean }) {
  const whatsapp = useWhatsappLink("general");
  switch (fallbackAction(suggestion)) {
    case "whatsapp":
      return (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={chipClass}>
          {suggestion}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
    case "faq":
      return (
        <a href={`#${FAQ_HEADING_ID}`} className={chipClass}>
          {suggestion}
        </a>
      );
    case "courses":
      return (
        <Link to="/courses" className={chipClass}>
          {suggestion}
        </Link>
      );
    default:
      return <AskButton question={suggestion} disabled={asking} />;
  }
}

/** A one-button form that asks this question. */
function AskButton({ question, disabled }: { question: string; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="question" value={question} />
      <button type="submit" disabled={disabled} className={chipClass}>
        {question}
      </button>
    </Form>
  );
}
