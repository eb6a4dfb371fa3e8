import type { Brand } from '../../contract/brands.ts';
import { formatMultiplier } from '../../contract/slip-math.ts';
import { OG_HEIGHT, OG_WIDTH } from './render-png.ts';
import type { SlipPreview } from './slip-preview.ts';
import { kz, odds, pickText, shownReturn, WORDS } from './words.ts';
import { shownHandle } from '../../contract/official-account.ts';

// The Open Graph and Twitter card tags of the public slip page (/{nomeUsuario}/fichas/{fichaId}): what WhatsApp,
// Telegram and Facebook unfold a pasted link into. Every value is escaped for an attribute; every length is bounded.

export interface HeadTags {
  /** The page's <title>. */
  title: string;
  /** <meta> lines, already escaped. */
  tags: string;
}

/** Escapes text for an HTML attribute or text node (quotes of both kinds included). */
function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Control and direction-override characters out, whitespace runs folded, at most `max` code points. */
function plain(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : clean;
}

const OG_LOCALE = { pt: 'pt_PT', en: 'en_GB' } as const;

function metaLines(entries: [kind: 'property' | 'name', key: string, value: string][]): string {
  return entries.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

function slipTitle(preview: SlipPreview, brand: Brand): string {
  const words = WORDS[brand.locale];
  return plain(`${words.slipBy(plain(shownHandle(preview.author, brand.locale), 40))} · ${words.legs(preview.legs.length)} · ${words.state[preview.estado]}`, 120);
}

/** Stake, multiplier and return first (they survive a preview's two lines), then the legs with their odds. */
function slipDescription(preview: SlipPreview, brand: Brand): string {
  const words = WORDS[brand.locale];
  const paid = shownReturn(brand.locale, preview.estado, preview.retorno);
  const totals = `${words.stake} ${kz(preview.valor)} · ${words.totalOdds} ${formatMultiplier(preview.multiplicador)} · ${paid.label} ${kz(paid.amount)}.`;
  const legs: string[] = [];
  let length = totals.length;
  for (const [index, leg] of preview.legs.entries()) {
    const line = `${plain(leg.home, 40)} – ${plain(leg.away, 40)}: ${plain(pickText(brand.locale, leg.type, leg.choice), 60)} @ ${odds(leg.odds)}`;
    if (length + line.length > 420) {
      legs.push(words.more(preview.legs.length - index));
      break;
    }
    legs.push(line);
    length += line.length + 2;
  }
  return plain(`${totals} ${legs.join('; ')}`, 500);
}

/** The tags of a published slip: its title, its legs and totals, and its image. */
export function slipTags(preview: SlipPreview, brand: Brand, pageUrl: string, imageUrl: string): HeadTags {
  const title = slipTitle(preview, brand);
  const description = slipDescription(preview, brand);
  return {
    title,
    tags: metaLines([
      ['property', 'og:type', 'article'],
      ['property', 'og:site_name', brand.name],
      ['property', 'og:locale', OG_LOCALE[brand.locale]],
      ['property', 'og:url', pageUrl],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:image', imageUrl],
      ['property', 'og:image:type', 'image/png'],
      ['property', 'og:image:width', String(OG_WIDTH)],
      ['property', 'og:image:height', String(OG_HEIGHT)],
      ['property', 'og:image:alt', title],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', imageUrl],
    ]),
  };
}

/** A slip that is hidden, removed or not there: the brand alone, nothing of the slip. */
export function brandTags(brand: Brand, pageUrl: string, origin: string): HeadTags {
  return {
    title: brand.name,
    tags: metaLines([
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', brand.name],
      ['property', 'og:locale', OG_LOCALE[brand.locale]],
      ['property', 'og:url', pageUrl],
      ['property', 'og:title', brand.name],
      ['property', 'og:description', brand.description],
      ['property', 'og:image', `${origin}/icons/${brand.icon}-512.png`],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', brand.name],
      ['name', 'twitter:description', brand.description],
    ]),
  };
}

/** The tags go last in <head>; the page's title becomes the slip's. */
export function injectHead(html: string, head: HeadTags): string {
  const titled = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  const at = titled.indexOf('</head>');
  if (at === -1) return titled;
  return `${titled.slice(0, at)}  ${head.tags}\n  ${titled.slice(at)}`;
}
