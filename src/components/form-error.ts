/**
 * One rule for every form's errors (issue 16): an error belongs to the form it came from and shows there once, under
 * its field or, for a refusal that names no field, at the form's foot (`.form-error`, role=alert). A form never also
 * raises a toast for it; toasts are for what has no form on screen (the outbox, background refreshes, realtime).
 */
export interface FormError<F extends string> {
  field: F | 'form';
  message: string;
}
