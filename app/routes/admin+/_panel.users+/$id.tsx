import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { STUDENT_INTENTS, type StudentIntent } from "~/schemas/admin-student";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readItemForm } from "~/utils/form-intent.server";
import { pageMeta } from "~/utils/seo";
import {
  AccountStateForm,
  ConfirmStudentChange,
  EditDetailsForm,
  GrantCourseForm,
  RefusedElsewhere,
  ResendConfirmationForm,
  SendPasswordResetForm,
  UnlockLessonForm,
  type StudentActionResult,
} from "./__student-actions";
import { OfflinePaymentForm, RefundOrderStep } from "./__student-money";
import { loadStudentPage, runStudentIntent, studentOr404 } from "./__student-page.server";
import { StudentMessages, StudentOrders, StudentProgress, StudentRegistrations, studentPath } from "./__student-records";

// One student (Users tab): who they are, every order, their courses' progress,
// event registrations and the mail sent to them; and the admin's changes to
// the account, each an intent on this page's action (decision 0018): name and
// email, a new confirmation link, a password reset link, deactivate or reactivate, grant or revoke a
// course, record a payment made outside the site. Admins only, as the rest of the tab: content managers get 403.

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: data?.student.name ?? "Student",
    description: "Admin panel: a student.",
    path: "/admin/users",
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  return loadStudentPage(request, studentOr404(params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "users");
  const student = studentOr404(params.id);
  const { formData, intent } = await readItemForm(request, STUDENT_INTENTS);
  return runStudentIntent(request, admin, student, intent, formData);
}

function Badge({ tone, children }: { tone: "good" | "warn" | "bad"; children: string }) {
  const tones = { good: "bg-emerald-100 text-emerald-900", warn: "bg-amber-100 text-amber-950", bad: "bg-red-100 text-red-900" };
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

export default function StudentPage() {
  const { student, confirm, orders, progress, registrations, messages, grantable, offlineBilling, today, lockedLessons } =
    useLoaderData<typeof loader>();
  const last: StudentActionResult = useActionData<typeof action>();
  const path = studentPath(student.id);
  const onPage: Record<StudentIntent, boolean> = {
    details: true,
    "resend-confirmation": !student.emailConfirmed,
    "send-password-reset": student.deactivated === null,
    reactivate: student.deactivated !== null,
    grant: grantable.length > 0,
    deactivate: confirm?.kind === "deactivate",
    revoke: confirm?.kind === "revoke",
    "offline-payment": grantable.length > 0,
    refund: confirm?.kind === "refund",
    "unlock-lesson": lockedLessons.length > 0,
  };
  const formsShown = STUDENT_INTENTS.filter((intent) => onPage[intent]);
  return (
    <section aria-labelledby="student-heading" className="grid gap-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="grid gap-1">
        <h2 id="student-heading" className="text-xl font-bold text-navy-900">
          {student.name}
        </h2>
        <p className="break-all text-slate-700">{student.email}</p>
        <p className="flex flex-wrap gap-2 text-sm text-slate-700">
          <span>Joined {student.joined}</span>
          {student.emailConfirmed ? <Badge tone="good">Email confirmed</Badge> : <Badge tone="warn">Email not confirmed</Badge>}
          {student.deactivated ? <Badge tone="bad">Deactivated</Badge> : null}
        </p>
      </div>

      <RefusedElsewhere last={last} shown={formsShown} />
      {confirm?.kind === "refund" ? (
        <RefundOrderStep last={last} studentPath={path} name={student.name} refund={confirm} />
      ) : confirm ? (
        <ConfirmStudentChange last={last} studentPath={path} name={student.name} confirm={confirm} />
      ) : null}

      <StudentOrders orders={orders} studentId={student.id} />
      <GrantCourseForm last={last} courses={grantable} />
      <OfflinePaymentForm last={last} courses={grantable} billing={offlineBilling} today={today} />
      <StudentProgress progress={progress} />
      {lockedLessons.length > 0 ? <UnlockLessonForm last={last} lessons={lockedLessons} /> : null}
      <StudentRegistrations registrations={registrations} />
      <StudentMessages messages={messages} />

      <div className="grid gap-4 lg:grid-cols-2">
        <EditDetailsForm last={last} student={student} />
        <div className="grid content-start gap-4">
          {student.emailConfirmed ? null : <ResendConfirmationForm last={last} />}
          {student.deactivated ? null : <SendPasswordResetForm last={last} />}
          <AccountStateForm last={last} studentPath={path} deactivated={student.deactivated} />
        </div>
      </div>

      <p>
        <Link to="/admin/users" className="font-medium text-navy-900 underline">
          Back to All Users
        </Link>
      </p>
    </section>
  );
}
