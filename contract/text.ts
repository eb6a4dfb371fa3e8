import { z } from 'zod';

// User text is cleaned once, where it enters (the request schemas, and the server where it reads raw text), so
// what is stored is the same on SQLite and PostgreSQL (which refuses NUL in text) and nothing invisible can
// disguise a name (docs/security.md, "Hostile characters in stored text").

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Bidi embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder the text around them. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Every C0 and C1 control and DEL except tab and line feed. */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's purpose
const CONTROLS_EXCEPT_TAB_LF = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Line breaks and tabs of every kind, which a one-line name turns into spaces. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * What is left invisible in a name after the line breaks: the other controls, bidi controls, the direction marks
 * (U+200E, U+200F, U+061C), zero-width space and the byte-order mark.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's purpose
const NAME_INVISIBLES = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\uFEFF]/g;

/**
 * Free text (messages, comments, bios, links): NFC, without lone surrogates, NUL and the other control characters
 * except line feed and tab, and without bidi overrides and isolates. Carriage returns go, so "\r\n" becomes "\n".
 */
export function cleanText(value: string): string {
  // Composed last: a removed character may have stood between a letter and its accent.
  return value.replace(LONE_SURROGATE, '').replace(CONTROLS_EXCEPT_TAB_LF, '').replace(BIDI_CONTROLS, '').normalize('NFC');
}

/**
 * A name, a handle or a group name: one line of visible text. NFC, line breaks and tabs become spaces, and every
 * control, bidi control, direction mark and zero-width space is removed (the joiners emoji need stay).
 */
export function cleanName(value: string): string {
  return value.replace(LONE_SURROGATE, '').replace(LINE_BREAKS, ' ').replace(NAME_INVISIBLES, '').normalize('NFC');
}

/** A request's free-text field, at most `max` characters as sent, cleaned by cleanText. */
export function freeText(max: number) {
  return z.string().max(max).transform(cleanText);
}

/** A request's name field (user name, handle, group name), at most `max` characters as sent, cleaned by cleanName. */
export function nameText(max: number) {
  return z.string().max(max).transform(cleanName);
}
