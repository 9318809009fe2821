import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormNotice } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";

/** Cancel (back to the list) and the submit button, which reads `pendingLabel` while the post is under way. */
export function DialogActions({
  cancelTo,
  label,
  pendingLabel,
  danger,
  name,
  value,
}: {
  cancelTo: string;
  label: string;
  pendingLabel: string;
  danger?: boolean;
  name?: string;
  value?: string;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Link to={cancelTo} preventScrollReset className={buttonClass("outline")}>
        Cancel
      </Link>
      <button
        type="submit"
        name={name}
        value={value}
        disabled={submitting}
        className={danger ? buttonClass("secondary", "bg-red-700 hover:bg-red-800") : buttonClass("primary")}
      >
        {submitting ? pendingLabel : label}
      </button>
    </div>
  );
}

/** An admin dialog route: Escape and Cancel return to `backTo`, the list behind it. */
export function AdminDialog({
  id,
  title,
  backTo,
  wide,
  children,
}: {
  id: string;
  title: string;
  backTo: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <RouteDialog
      // Not "<id>-title": Conform names a form's fields "<form id>-<field>", and forms have title fields.
      labelledBy={`${id}-heading`}
      onClose={() => navigate(backTo, { preventScrollReset: true })}
      className={wide ? "max-w-3xl" : "max-w-lg"}
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </RouteDialog>
  );
}

/**
 * The delete confirmation: the item's own address with
 * ?confirm=delete, so it is a page without JavaScript and a modal with it. Its
 * button posts `intent=delete` to the item's action (decision 0018). When the
 * item has history (enrollments, registrations…) deleting is refused and the
 * dialog offers deactivation (`intent=deactivate`) instead.
 */
export function ConfirmDeleteDialog({
  id,
  question,
  backTo,
  history,
}: {
  id: string;
  question: string;
  backTo: string;
  /** Why the item cannot be deleted, and the label of the deactivate button (omit it when already inactive). */
  history?: { reason: string; deactivateLabel?: string } | null;
}) {
  return (
    <AdminDialog id={id} title={history ? "Keep the history" : "Confirm delete"} backTo={backTo}>
      <p className="mt-4 text-slate-800">{question}</p>
      {history ? (
        <>
          <div className="mt-4">
            <FormNotice title="This cannot be deleted">{history.reason}</FormNotice>
          </div>
          {history.deactivateLabel ? (
            <Form method="post">
              <DialogActions cancelTo={backTo} label={history.deactivateLabel} pendingLabel="Saving..." name="intent" value="deactivate" />
            </Form>
          ) : (
            <div className="mt-4 flex justify-end">
              <Link to={backTo} preventScrollReset className={buttonClass("outline")}>
                Back
              </Link>
            </div>
          )}
        </>
      ) : (
        <Form method="post">
          <p className="mt-2 text-sm text-slate-600">This cannot be undone.</p>
          <DialogActions cancelTo={backTo} label="Delete" pendingLabel="Deleting..." danger name="intent" value="delete" />
        </Form>
      )}
    </AdminDialog>
  );
}

/** The notice at the top of a form for problems with the form as a whole. */
export function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  const [title, text] = errors ?? [];
  if (!title) return null;
  return (
    <div id={id} className="mb-4 sm:col-span-2">
      <FormNotice title={title}>{text}</FormNotice>
    </div>
  );
}
