import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CreateSlipResponseSchema, type Ficha } from '../../../contract/schemas/slips.ts';
import { browser } from './helpers/http.ts';
import { createMatch, selectionFor, upcomingEventIds } from './helpers/betting.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { expectOk, idemKey, newUser, type Actor } from './helpers/social.ts';

// The public slip page carries Open Graph and Twitter card tags with the slip's content, and its
// og:image is a 1200×630 PNG of the slip drawn on the server; a hidden slip shows nothing of itself.

const TEMPLATE = `<!doctype html>
<html lang="%LANG%">
  <head>
    <meta name="description" content="%DESCRIPTION%" />
    <title>%BRAND_NAME%</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const CREATE = '/api/client/apostador/fichas/criarFicha';

/** The content of `<meta property|name="key" content="…">`, unescaped; undefined when the tag is absent. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return match?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describeOnEachDb('the public slip\'s link preview (Open Graph tags and og:image)', (server) => {
  let author: Actor;
  let slip: Ficha;

  beforeAll(async () => {
    const { staticDir } = server().config;
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), TEMPLATE);
    author = await newUser(server(), 'og');
    slip = await makeSlip();
  });

  /** A pending slip of the author's with two legs. */
  async function makeSlip(): Promise<Ficha> {
    const [first = '', second = ''] = await upcomingEventIds(server(), 2);
    const legs = [await selectionFor(server(), first, 'ft_result', 'home'), await selectionFor(server(), second, 'goals', 'over_1.5')];
    return expectOk(await author.send('POST', CREATE, { ficha: legs, valor: 1500, oddsChange: false }, idemKey()), CreateSlipResponseSchema, 201).ficha;
  }

  // A link previewer (WhatsApp, Facebook) asks with any Accept, without cookies.
  const fetchPage = (path: string, host = 'localhost:8080', app = server().app) =>
    browser(app).request(path, { host, headers: { accept: '*/*', 'user-agent': 'WhatsApp/2.23' } });
  const pagePath = () => `/${author.nomeUsuario}/fichas/${slip.id}`;

  it('answers the public slip page with the slip\'s Open Graph and Twitter card tags', async () => {
    const res = await fetchPage(pagePath());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(meta(html, 'og:site_name')).toBe('Fichas');
    expect(meta(html, 'og:locale')).toBe('pt_PT');
    expect(meta(html, 'og:url')).toBe(`http://localhost:8080${pagePath()}`);
    expect(meta(html, 'og:title')).toBe(`Ficha de @${author.nomeUsuario} · 2 selecções · Pendente`);
    expect(html).toContain(`<title>Ficha de @${author.nomeUsuario} · 2 selecções · Pendente</title>`);
    const description = meta(html, 'og:description') ?? '';
    expect(description).toContain('Valor 1.500 Kz');
    expect(description).toContain(`Retorno potencial ${Math.round(slip.retorno).toLocaleString('de-DE')} Kz`);
    for (const leg of slip.selecoes) {
      for (const team of leg.event_competitors) expect(description).toContain(team.name);
      expect(description).toContain(`@ ${leg.event_selection.odds.toFixed(2)}`);
    }
    expect(description).toContain('Resultado final: Casa');
    expect(description).toContain('Total de golos: Mais de 1.5');
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^http://localhost:8080/og/fichas/${slip.id}\\.png\\?v=[\\w-]+$`));
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
  });

  it('speaks the host\'s language and points at PUBLIC_URL when it is set', async () => {
    const en = await (await fetchPage(pagePath(), 'en.localhost:8080')).text();
    expect(meta(en, 'og:site_name')).toBe('Slipmates');
    expect(meta(en, 'og:title')).toBe(`@${author.nomeUsuario}'s slip · 2 selections · Pending`);
    expect(meta(en, 'og:description')).toContain('Potential return');
    expect(meta(en, 'og:description')).toContain('Full-time result: Home');

    const app = server().appWith({ publicUrls: ['https://fichas.ao', 'https://slipmates.com'] });
    const pt = await (await fetchPage(pagePath(), 'fichas.ao', app)).text();
    expect(meta(pt, 'og:url')).toBe(`https://fichas.ao${pagePath()}`);
    expect(meta(pt, 'og:image')).toMatch(/^https:\/\/fichas\.ao\/og\/fichas\//);
    const other = await (await fetchPage(pagePath(), 'slipmates.com', app)).text();
    expect(meta(other, 'og:image')).toMatch(/^https:\/\/slipmates\.com\/og\/fichas\//);
    expect(meta(other, 'og:site_name')).toBe('Slipmates');
    // A host that is not ours gets the first configured address, never its own.
    const stranger = await (await fetchPage(pagePath(), 'evil.example', app)).text();
    expect(meta(stranger, 'og:image')).toMatch(/^https:\/\/fichas\.ao\/og\/fichas\//);
  });

  it('serves the og:image as a 1200×630 PNG with cache headers, and draws it again when the slip settles', async () => {
    // A slip of its own: it settles here, and the other tests' slip stays pending.
    const slip = await makeSlip();
    const pagePath = () => `/${author.nomeUsuario}/fichas/${slip.id}`;
    const html = await (await fetchPage(pagePath())).text();
    const imageUrl = new URL(meta(html, 'og:image') ?? '');
    const res = await fetchPage(imageUrl.pathname + imageUrl.search);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });

    const again = await browser(server().app).request(imageUrl.pathname, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    // The slip settles: the page names its new state and points at a new image, drawn anew.
    await server().db.updateTable('ficha_selecoes').set({ bet_status: 'won' }).where('ficha_id', '=', slip.id).execute();
    await server().db.updateTable('fichas').set({ estado: 'won', settled_at: new Date().toISOString() }).where('id', '=', slip.id).execute();
    const settled = await (await fetchPage(pagePath())).text();
    expect(meta(settled, 'og:title')).toContain('Ganha');
    expect(meta(settled, 'og:description')).toContain('Retorno ');
    expect(meta(settled, 'og:description')).not.toContain('Retorno potencial');
    expect(meta(settled, 'og:image')).not.toBe(imageUrl.toString());
    const redrawn = await browser(server().app).request(imageUrl.pathname, { headers: { 'if-none-match': etag } });
    expect(redrawn.status).toBe(200);
    expect(redrawn.headers.get('etag')).not.toBe(etag);
    expect(pngSize(new Uint8Array(await redrawn.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('gives a hidden slip\'s page the brand\'s tags alone and its image a 404; an unknown slip likewise', async () => {
    const before = await (await fetchPage(pagePath())).text();
    const imagePath = new URL(meta(before, 'og:image') ?? '').pathname;
    await author.send('PATCH', `/api/client/apostador/fichas/${slip.id}/ocultar`, undefined, idemKey());

    const html = await (await fetchPage(pagePath())).text();
    expect(meta(html, 'og:site_name')).toBe('Fichas');
    expect(meta(html, 'og:title')).toBe('Fichas');
    expect(meta(html, 'og:description')).toBe('Bate, guarda e partilha fichas de futebol com a comunidade.');
    expect(html).not.toContain('/og/fichas/');
    expect(html).not.toContain(author.nomeUsuario.replace(/^./, '@$&'));
    expect(html).not.toContain('Kz');
    for (const team of slip.selecoes.flatMap((leg) => leg.event_competitors)) expect(html).not.toContain(team.name);
    expect(meta(html, 'twitter:card')).toBe('summary');

    const image = await fetchPage(imagePath);
    expect(image.status).toBe(404);
    expect(image.headers.get('content-type') ?? '').not.toContain('image/png');

    // Another author's handle in the address, or an id that is no slip: the same.
    const wrongOwner = await (await fetchPage(`/someoneelse/fichas/${slip.id}`)).text();
    expect(wrongOwner).not.toContain('/og/fichas/');
    expect((await fetchPage('/og/fichas/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    expect((await fetchPage('/og/fichas/not-an-id.png')).status).toBe(404);
    await author.send('PATCH', `/api/client/apostador/fichas/${slip.id}/publicar`, undefined, idemKey());
  });

  it('escapes hostile team names in the tags and still draws the image', async () => {
    const hostile = `"><script>alert(1)</script>&'\u202e${'W'.repeat(3000)}😀中文`;
    const match = await createMatch(server(), { kickoff: new Date(Date.now() + 5 * 3_600_000) });
    await server().db.updateTable('eventos').set({ home_name: hostile, away_name: `</title><img src=x onerror=alert(2)>` }).where('id', '=', match).execute();
    const legs = [await selectionFor(server(), match, 'ft_result', 'draw')];
    const odd = expectOk(await author.send('POST', CREATE, { ficha: legs, valor: 200, oddsChange: false }, idemKey()), CreateSlipResponseSchema, 201).ficha;
    const res = await fetchPage(`/${author.nomeUsuario}/fichas/${odd.id}`);
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    // The inline-script policy allows only the template's own scripts, never anything from the tags.
    expect(res.headers.get('content-security-policy') ?? '').not.toContain('unsafe-inline');
    const description = meta(html, 'og:description') ?? '';
    expect(description.length).toBeLessThanOrEqual(500);
    expect(description).toContain('"><script>alert(1)</script>');

    const image = await fetchPage(new URL(meta(html, 'og:image') ?? '').pathname);
    expect(image.status).toBe(200);
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });
});
