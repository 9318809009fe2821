// Answers of the routes that hand a student a personal file (certificate,
// receipt): the file as a download never kept by a shared cache, or a plain
// 404 that does not say whether the thing exists for someone else.

export function personalDownload(bytes: Uint8Array, contentType: string, filename: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const notFoundText = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
