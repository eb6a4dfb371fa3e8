import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import * as playwright from '@playwright/test';
import { PHONE, PT_ORIGIN, apiUser, signIn } from './support/helpers.ts';

test.use({ viewport: PHONE });

// Cross-site requests (docs/security.md) in a real browser: a signed-in victim opens a page on another site (127.0.0.1
// is another site than localhost), whose links, images, redirects and forms aim at the spec's mutating GETs.
// SameSite=Lax lets the session cookie ride along on the top-level navigations, so only the server's CSRF guard stands
// in the way.

/** The attacker's site: a page with a link, an image and a form aimed at `target`, and a redirect to it. */
async function attackerSite(target: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const page = `<!doctype html><html><body>
    <h1>Ganhe um bónus</h1>
    <img id="imagem" src="${target}" alt="">
    <a id="ligacao" href="${target}">Abrir o bónus</a>
    <form id="formulario" method="post" action="${new URL('/api/client/common/grupos/criarGrupo', target)}" enctype="text/plain">
      <input type="hidden" name='{"nome":"Grupo forjado","privado":false,"allowedSenders":false,"x":"' value='"}'>
      <button type="submit">Enviar</button>
    </form>
  </body></html>`;
  const server: Server = createServer((request, response) => {
    if (request.url === '/redireccionar') {
      response.writeHead(302, { location: target });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("a page on another site cannot make a signed-in victim add its author to the victim's group", async ({ page }) => {
  await signIn(page);
  const nome = `Grupo da vítima ${Date.now()}`;
  const created = await page.evaluate(async (groupName) => {
    const res = await fetch('/api/client/common/grupos/criarGrupo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fichas' },
      body: JSON.stringify({ nome: groupName, privado: false, allowedSenders: false }),
    });
    return { status: res.status, body: (await res.json()) as { grupo: { id: string } } };
  }, nome);
  expect(created.status).toBe(201);
  const groupId = created.body.grupo.id;

  const attacker = await apiUser(playwright, { userData: 'analista', password: 'analista123' });
  const attackerId = ((await (await attacker.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  const attackerRole = async () =>
    ((await (await attacker.get(`/api/client/common/grupos/${groupId}`)).json()) as { grupo: { meuPapel: string | null } }).grupo.meuPapel;
  expect(await attackerRole()).toBeNull();

  const target = `${PT_ORIGIN}/api/client/common/grupos/${groupId}/adicionarUsuario/${attackerId}`;
  const site = await attackerSite(target);
  try {
    // The page loads, with its image aimed at the call (the browser then blocks the JSON answer as an image).
    const image = Promise.race([
      page.waitForEvent('requestfinished', (request) => request.url() === target),
      page.waitForEvent('requestfailed', (request) => request.url() === target),
    ]);
    await page.goto(`${site.origin}/`);
    await image;

    // The victim follows the link: a top-level navigation, which carries the Lax session cookie.
    const followed = page.waitForResponse((response) => response.url() === target);
    await page.locator('#ligacao').click();
    expect((await followed).status()).toBe(403);
    await expect(page.locator('body')).toContainText('Não tens permissão para esta acção');

    // A redirect from the other site to the call.
    const redirected = await page.goto(`${site.origin}/redireccionar`);
    expect(redirected?.url()).toBe(target);
    expect(redirected?.status()).toBe(403);

    // A form posted from the other site (JSON smuggled in text/plain).
    await page.goto(`${site.origin}/`);
    const posted = page.waitForResponse((response) => response.url().endsWith('/api/client/common/grupos/criarGrupo'));
    await page.locator('#formulario button').click();
    expect((await posted).status()).toBe(403);
  } finally {
    await site.close();
  }

  // Nothing changed: the attacker is still not in the group, and the victim has no forged group.
  expect(await attackerRole()).toBeNull();
  await page.goto(`${PT_ORIGIN}/explorar`);
  const names = await page.evaluate(async () => {
    const res = await fetch('/api/client/common/grupos?gruposComponent=meus', { headers: { 'x-requested-with': 'fichas' } });
    return ((await res.json()) as { grupos: { nome: string }[] }).grupos.map((group) => group.nome);
  });
  expect(names).toContain(nome);
  expect(names).not.toContain('Grupo forjado');

  // The same call made by the app itself, from its own page, works: the check above could have seen a change. (The
  // attacker lets the people they follow add them, the default setting: they follow the victim first.)
  expect((await attacker.post('/api/client/common/perfil/demo/seguir', { headers: { 'x-requested-with': 'fichas' } })).status()).toBe(200);
  const own = await page.evaluate(async (url) => (await fetch(url, { headers: { 'x-requested-with': 'fichas' } })).status, target);
  expect(own).toBe(200);
  expect(await attackerRole()).toBe('normal');
  await attacker.dispose();
});

test('the app runs under its Content-Security-Policy without a single violation, live connection included', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`));
  });
  const response = await page.goto(`${PT_ORIGIN}/login`);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain("'unsafe-inline'");
  await signIn(page);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/conversas/moderador`);
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  // pusher-js authorises its channel once its WebSocket is open.
  await expect.poll(() => page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((entry) => entry.name.includes('/api/auth/pusher')))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
