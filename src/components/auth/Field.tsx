import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  status?: 'loading' | 'available' | 'unavailable' | null;
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function Field({ label, name, error, hint, status, ...input }: FieldProps) {
  const described = [error ? `${name}-error` : '', hint ? `${name}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${status ? `field-${status}` : ''} ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={`field-${name}`}>{label}</label>
      <input id={`field-${name}`} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <span className="field-hint" id={`${name}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${name}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
