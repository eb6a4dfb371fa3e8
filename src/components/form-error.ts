/**
 * One rule for every form's errors (DESIGN §11, one message in one place): an error belongs to the form it came from
 * and shows there once, under its field or, for a refusal that names no field, at the form's foot (`.form-error`,
 * role=alert). A form with several broken fields shows every one at once and focuses the first (use-field-errors.ts). A form never also raises a toast for it; toasts are for what has no form on screen (the outbox,
 * background refreshes, realtime).
 */
export interface FormError<F extends string> {
  field: F | 'form';
  message: string;
}
