import { findBatch } from "~/models/batches/batch.server";
import { courseOr404, idOr404 } from "./__curriculum.server";

/** The course and batch a timetable route names; 404 when either is unknown or the batch is another course's. */
export function courseAndBatchOr404(params: { id?: string; batchId?: string }) {
  const course = courseOr404(params.id);
  const batch = findBatch(course.id, idOr404(params.batchId));
  if (!batch) throw new Response("Not Found", { status: 404 });
  return { course, batch };
}
