/** Last-message previews are cut (SPEC §9: 35 characters for own messages, 38 for others'). */
export function previewText(text: string, own: boolean): string {
  const limit = own ? 35 : 38;
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
