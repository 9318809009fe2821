import { asc, eq, sql } from "drizzle-orm";
import { batchStudents, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { paginateThenJoin, type ListPage, type ListRequest } from "../site/paging.server";

// A batch's roster: who holds its seats, by name and address, and since
// when. Personal data: shown only to whoever teaches the batch
// (app/models/batches/teaching.server.ts), and without their phone numbers,
// which teaching does not need.

/** A student's full name as the admin's lists show it ("" when they gave none: the list shows their address). */
export const studentName = sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

export type RosterRow = { id: number; userId: string; name: string; email: string; joinedAt: Date };

/** A batch's students in the order they joined, a page at a time (paged by key: the same cost on the last page as the first). */
export function listBatchRoster(batchId: number, request: ListRequest = {}): ListPage<RosterRow> {
  return paginateThenJoin(
    request,
    {
      table: batchStudents,
      time: batchStudents.joinedAt,
      id: batchStudents.id,
      where: eq(batchStudents.batchId, batchId),
      oldestFirst: true,
    },
    (onPage) =>
      db
        .select({
          id: batchStudents.id,
          userId: batchStudents.userId,
          name: studentName,
          email: users.email,
          joinedAt: batchStudents.joinedAt,
        })
        .from(batchStudents)
        .innerJoin(users, eq(users.id, batchStudents.userId))
        .where(onPage)
        .orderBy(asc(batchStudents.joinedAt), asc(batchStudents.id))
        .all(),
  );
}
