// Each download through a file's share link, newest first, in the file's dialog.

export type ShareDownloadRow = { atIso: string; atLabel: string; ipAddress: string; userAgent: string };

const HEADERS = ["When", "Address", "Browser"];

export function ShareDownloads({ downloads }: { downloads: ShareDownloadRow[] }) {
  return (
    <section aria-labelledby="share-downloads-heading" className="mt-4">
      <h3 id="share-downloads-heading" className="text-base font-semibold text-navy-900">
        Downloads through the link
      </h3>
      {downloads.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No one has downloaded the file through its link yet.</p>
      ) : (
        // Scrolls sideways on a phone; focusable so keyboard users can scroll it too.
        <div className="mt-2 overflow-x-auto" role="region" aria-label="Downloads table" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300">
              <tr>
                {HEADERS.map((header) => (
                  <th key={header} scope="col" className="py-1 pr-3 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {downloads.map((download, index) => (
                <tr key={`${download.atIso}-${index}`}>
                  <td className="py-1 pr-3 whitespace-nowrap">
                    <time dateTime={download.atIso}>{download.atLabel}</time>
                  </td>
                  <td className="py-1 pr-3">{download.ipAddress}</td>
                  <td className="py-1 break-all">{download.userAgent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
