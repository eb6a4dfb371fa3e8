import { z } from 'zod';

// credits.json is written by the build from the installed packages (scripts/credits.ts) and precached by the
// service worker, so the credits open offline after one visit.
const CreditsSchema = z.array(
  // Only web links: a package's metadata is not trusted to put a javascript: or data: URL into an <a href>.
  z.object({ name: z.string(), version: z.string(), license: z.string(), url: z.string().regex(/^https?:\/\//).optional() }),
);

export type Credit = z.infer<typeof CreditsSchema>[number];

export interface LicenceGroup {
  license: string;
  packages: Credit[];
}

export async function loadCredits(): Promise<Credit[]> {
  const response = await fetch('/credits.json');
  if (!response.ok) throw new Error(`credits.json: HTTP ${response.status}`);
  return CreditsSchema.parse(await response.json());
}

/** The packages grouped by licence: the most used licence first, then by name; packages by name inside each. */
export function groupByLicence(credits: Credit[]): LicenceGroup[] {
  const groups = new Map<string, Credit[]>();
  for (const credit of credits) groups.set(credit.license, [...(groups.get(credit.license) ?? []), credit]);
  return [...groups.entries()]
    .map(([license, packages]) => ({ license, packages: packages.sort((a, b) => a.name.localeCompare(b.name)) }))
    .sort((a, b) => b.packages.length - a.packages.length || a.license.localeCompare(b.license));
}
