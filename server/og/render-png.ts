import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import type { Brand } from '../../contract/brands.ts';
import { formatMultiplier } from '../../contract/slip-math.ts';
import type { BetStatus, SlipState } from '../../contract/schemas/slips.ts';
import type { SlipPreview } from './slip-preview.ts';
import { kz, odds, pickText, shownReturn, WORDS } from './words.ts';
import { assertOutsideTransaction } from '../db/transaction.ts';
import { shownHandle } from '../../contract/official-account.ts';

// The og:image of a shared slip: a 1200×630 PNG drawn by satori (layout and text to SVG paths, with the Inter font
// shipped in node_modules: nothing is fetched) and rasterised by resvg. A phone shows it about 400 px wide, so every
// text is large and every length is bounded: a hostile name is cut, never allowed to push the layout out.

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Legs drawn; the rest are counted ("+ 3 selecções"). */
const SHOWN_LEGS = 3;

const require = createRequire(import.meta.url);
let fonts: Font[] | null = null;

// Named one by one (not built from a pattern) so the dependency checker sees the package in use.
const FONT_FILES: [weight: 400 | 600 | 800, path: string][] = [
  [400, require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')],
  [400, require.resolve('@fontsource/inter/files/inter-latin-ext-400-normal.woff')],
  [600, require.resolve('@fontsource/inter/files/inter-latin-600-normal.woff')],
  [600, require.resolve('@fontsource/inter/files/inter-latin-ext-600-normal.woff')],
  [800, require.resolve('@fontsource/inter/files/inter-latin-800-normal.woff')],
  [800, require.resolve('@fontsource/inter/files/inter-latin-ext-800-normal.woff')],
];

function loadFonts(): Font[] {
  fonts ??= FONT_FILES.map(([weight, path]) => ({ name: 'Inter', data: readFileSync(path), weight, style: 'normal' as const }));
  return fonts;
}

/** At most `max` characters (by code point), with an ellipsis when cut; control characters become spaces. */
function clip(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : clean;
}

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[] };
}
type Child = Node | string;

const el = (type: string, style: Style, ...children: Child[]): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, children: children.length === 1 ? children[0] : children },
});

const STATE_COLOURS: Record<SlipState | BetStatus, { bg: string; fg: string }> = {
  pending: { bg: '#fff4cc', fg: '#7a5b00' },
  blocked: { bg: '#e5e7eb', fg: '#374151' },
  won: { bg: '#d9f5e3', fg: '#0a6b32' },
  failed: { bg: '#fde2e2', fg: '#a61b1b' },
  void: { bg: '#e5e7eb', fg: '#374151' },
};

// Every box that holds text has a fixed width: a long text is cut with an ellipsis inside it, never allowed to push
// its neighbours off the canvas (resvg does not survive content laid out far outside the frame).
const PAD_X = 48;
const CONTENT = OG_WIDTH - PAD_X * 2;
const LOGO = 64;
const GAP = 20;
const HEAD_PILL = 230;
const HEAD_TEXT = CONTENT - LOGO - HEAD_PILL - GAP * 2;
const LEGS_PAD = 28;
const LEGS_INNER = CONTENT - LEGS_PAD * 2 - 4;
const LEG_PILL = 170;
const LEG_ODDS = 150;
const LEG_TEXT = LEGS_INNER - LEG_PILL - LEG_ODDS - GAP * 2;
const TOTAL_GAP = 18;
const TOTAL_BOX = Math.floor((CONTENT - TOTAL_GAP * 2) / 3);
const TOTAL_INNER = TOTAL_BOX - 44 - 4;
const LEGS_HEIGHT = 322;

const oneLine = (width: number): Style => ({ width, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

/** A font size at which `text` fits `width` (bold Inter digits are about 0.62 em wide), at most `size`. */
function fitSize(text: string, width: number, size: number): number {
  const needed = [...text].length * 0.64 * size;
  return needed <= width ? size : Math.max(12, Math.floor((width / ([...text].length * 0.64)) * 10) / 10);
}

function pill(text: string, status: SlipState | BetStatus, size: number, width: number): Node {
  const colour = STATE_COLOURS[status];
  const label = clip(text, 14);
  return el(
    'div',
    { width, flexShrink: 0, justifyContent: 'flex-end' },
    el(
      'div',
      { backgroundColor: colour.bg, color: colour.fg, fontSize: fitSize(label, width - size * 1.4, size), fontWeight: 800, padding: `${size * 0.3}px ${size * 0.7}px`, borderRadius: 999, whiteSpace: 'nowrap' },
      label,
    ),
  );
}

/** `roomy`: with one or two legs the rows are drawn larger, filling the box. */
function legRow(preview: SlipPreview, index: number, brand: Brand, roomy: boolean): Node {
  const leg = preview.legs[index];
  if (!leg) return el('div', {});
  const words = WORDS[brand.locale];
  const teams = `${clip(leg.home, 40)} – ${clip(leg.away, 40)}`;
  const price = clip(odds(leg.odds), 10);
  const pending = leg.betStatus === 'pending';
  // A pending leg has no state pill: its text takes the pill's room too; long names get a smaller size first.
  const textWidth = pending ? LEG_TEXT + LEG_PILL + GAP : LEG_TEXT;
  const teamsSize = Math.max(26, Math.min(roomy ? 38 : 32, Math.floor(textWidth / ([...teams].length * 0.6))));
  return el(
    'div',
    { alignItems: 'center', gap: GAP, padding: roomy ? '22px 0' : '10px 0', borderTop: index === 0 ? '0px solid transparent' : '2px solid #e6ebe8' },
    el(
      'div',
      { flexDirection: 'column', width: textWidth, flexShrink: 0 },
      el('div', { fontSize: teamsSize, fontWeight: 800, color: brand.colors.text, ...oneLine(textWidth) }, teams),
      el('div', { fontSize: roomy ? 30 : 26, fontWeight: 400, color: '#4b5563', ...oneLine(textWidth) }, clip(pickText(brand.locale, leg.type, leg.choice), 80)),
    ),
    ...(pending ? [] : [pill(words.leg[leg.betStatus], leg.betStatus, 22, LEG_PILL)]),
    el(
      'div',
      { width: LEG_ODDS, flexShrink: 0, justifyContent: 'flex-end', fontSize: fitSize(price, LEG_ODDS, roomy ? 44 : 38), fontWeight: 800, color: brand.colors.primaryDark, whiteSpace: 'nowrap' },
      price,
    ),
  );
}

/** `strong`: the colour of the box that stands out (the return), else a plain white box. */
function total(label: string, value: string, brand: Brand, strong?: string): Node {
  const shown = clip(value, 24);
  return el(
    'div',
    {
      flexDirection: 'column',
      width: TOTAL_INNER,
      flexShrink: 0,
      padding: '14px 22px',
      borderRadius: 18,
      backgroundColor: strong ?? '#ffffff',
      color: strong ? '#ffffff' : brand.colors.text,
      border: `2px solid ${strong ?? '#dfe5e1'}`,
    },
    el('div', { fontSize: 24, fontWeight: 600, opacity: 0.85, ...oneLine(TOTAL_INNER) }, label),
    el('div', { height: 54, alignItems: 'center', fontSize: fitSize(shown, TOTAL_INNER, 44), fontWeight: 800, ...oneLine(TOTAL_INNER) }, shown),
  );
}

function card(preview: SlipPreview, brand: Brand): Node {
  const words = WORDS[brand.locale];
  const overflow = preview.legs.length > SHOWN_LEGS;
  // With more legs than room, a last line says how many more there are.
  const drawn = Math.min(SHOWN_LEGS, preview.legs.length);
  const shown = preview.legs.slice(0, drawn).map((_, index) => legRow(preview, index, brand, preview.legs.length <= 2));
  const paid = shownReturn(brand.locale, preview.estado, preview.retorno);
  const record = preview.record ? words.record(preview.record) : null;
  // Here a box's width is its content's, without its padding and border.
  return el(
    'div',
    { width: OG_WIDTH, height: OG_HEIGHT, backgroundColor: brand.colors.background, fontFamily: 'Inter' },
    el(
      'div',
      { width: CONTENT, flexDirection: 'column', padding: `36px ${PAD_X}px 36px`, gap: 18 },
      // Brand, author and the slip's state.
      el(
        'div',
        { alignItems: 'center', gap: GAP, width: CONTENT },
        el(
          'div',
          { width: LOGO, height: LOGO, borderRadius: 16, backgroundColor: brand.colors.primary, color: '#ffffff', fontSize: 40, fontWeight: 800, alignItems: 'center', justifyContent: 'center', flexShrink: 0 },
          brand.name.slice(0, 1),
        ),
        el(
          'div',
          { flexDirection: 'column', width: HEAD_TEXT, flexShrink: 0 },
          el('div', { fontSize: 36, fontWeight: 800, color: brand.colors.text, ...oneLine(HEAD_TEXT) }, clip(words.slipBy(clip(shownHandle(preview.author, brand.locale), 40)), 60)),
          el(
            'div',
            { fontSize: 24, fontWeight: 600, color: '#4b5563', ...oneLine(HEAD_TEXT) },
            [brand.name, words.legs(preview.legs.length), record].filter((part): part is string => Boolean(part)).join(' · '),
          ),
        ),
        pill(words.state[preview.estado], preview.estado, 30, HEAD_PILL),
      ),
      // The legs.
      el(
        'div',
        { flexDirection: 'column', width: LEGS_INNER, height: LEGS_HEIGHT, backgroundColor: '#ffffff', borderRadius: 22, padding: `6px ${LEGS_PAD}px`, border: '2px solid #dfe5e1', overflow: 'hidden' },
        ...shown,
        ...(overflow
          ? [el('div', { fontSize: 28, fontWeight: 600, color: '#4b5563', padding: '8px 0', borderTop: '2px solid #e6ebe8' }, words.more(preview.legs.length - drawn))]
          : []),
      ),
      // Stake, multiplier and return.
      el(
        'div',
        { gap: TOTAL_GAP, width: CONTENT },
        total(words.stake, kz(preview.valor), brand),
        total(words.totalOdds, formatMultiplier(preview.multiplicador), brand),
        total(paid.label, kz(paid.amount), brand, preview.estado === 'failed' ? '#4b5563' : brand.colors.primary),
      ),
    ),
  );
}

function slipSvg(preview: SlipPreview, brand: Brand): Promise<string> {
  return satori(card(preview, brand) as unknown as Parameters<typeof satori>[0], { width: OG_WIDTH, height: OG_HEIGHT, fonts: loadFonts() });
}

/** The slip as a 1200×630 PNG. */
export async function renderSlipPng(preview: SlipPreview, brand: Brand): Promise<Buffer> {
  assertOutsideTransaction('Rendering a slip image');
  const svg = await slipSvg(preview, brand);
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
