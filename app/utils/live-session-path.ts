// The address of a live session's page: where /learn, mails and calendar
// entries send a student (never to the meeting itself, which only Join hands out).

export const liveSessionPath = (courseId: number, sessionId: number) => `/learn/${courseId}/sessions/${sessionId}`;

/** The session's calendar file, downloaded from its page. */
export const liveSessionCalendarPath = (courseId: number, sessionId: number) => `${liveSessionPath(courseId, sessionId)}/calendar.ics`;
