import type { LoaderFunctionArgs } from "@remix-run/node";
import { listStudentEnrollments } from "~/models/orders/enrollment.server";
import { apiJson, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/services/accounts/sessions/student-session.server";

/** GET /api/my-enrollments: the signed-in student's paid courses, newest first; 401 signed out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return apiJson(
    listStudentEnrollments(user.id).map((enrollment) => ({
      id: enrollment.id,
      userId: user.id,
      courseId: enrollment.courseId,
      courseTitle: enrollment.courseTitle,
      enrolledAt: enrollment.enrolledAt.toISOString(),
      paymentStatus: "completed",
    })),
  );
}

/** A GET-only address: other methods are a 405 that says so. */
export function action() {
  return methodNotAllowed(["GET"]);
}
