// Identifier normalisation of SPEC §5: lowercase, accents stripped, special characters removed; an e-mail keeps
// its @ and dots (and the other characters an address needs: _ - +).
function stripAccents(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** A handle as stored and compared; the same slug serves user search terms (SPEC §5, group member search). */
export function normalizeUsername(value: string): string {
  return stripAccents(value.trim().toLowerCase()).replace(/[^a-z0-9_]/g, '');
}

export function normalizeIdentifier(value: string): string {
  const lowered = stripAccents(value.trim().toLowerCase());
  return lowered.includes('@') ? lowered.replace(/[^a-z0-9@._+-]/g, '') : lowered.replace(/[^a-z0-9_]/g, '');
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}
