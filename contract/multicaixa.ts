/** A Multicaixa reference in groups of three digits, as ATMs and bank apps show it: '123 456 789'. */
export function groupedReference(reference: string): string {
  return reference.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
