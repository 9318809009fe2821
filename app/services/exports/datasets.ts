// What the Users tab and /api/admin/export/:dataset can export. No server code,
// so the admin page can name the datasets too.

export const EXPORT_DATASETS = ["users", "registrations", "enrollments", "enrollment-forms", "progress", "all-data"] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

export function isExportDataset(value: string | undefined): value is ExportDataset {
  return EXPORT_DATASETS.some((dataset) => dataset === value);
}
