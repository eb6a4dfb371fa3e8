import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A file picker drawn as the app's own button, in the app's words ("Escolher fotografia"), never the browser's
 * "Choose File / No file chosen" in the browser's language. The real input stays in the page, out of sight: it keeps
 * the field's label, the keyboard focus and what a test or an assistive technology hands it; the button is a second
 * label of it, so a tap on it opens the phone's picker.
 */
export function FileButton({ id, children, ...input }: { id: string; children: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'>) {
  return (
    <>
      <input {...input} id={id} type="file" className="file-input visually-hidden" />
      <label htmlFor={id} className="button button-secondary button-small file-button">
        {children}
      </label>
    </>
  );
}
