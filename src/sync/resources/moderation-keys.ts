// The moderator's queued decisions as the outbox holds them, light enough for the state layer to import without the
// HTTP client.

/** The outbox kind of a report's decision made offline; its `ref` is `{table: 'denuncias', id}`. */
export const REPORT_DECISION = 'report.decide';
