import { describe, expect, it } from 'vitest';
import { loadedLazyUrls, packFiles, splitManifest } from '../../../sw/manifest.ts';
import { linkableSignal } from '../../../sw/signal-shape.ts';
import { withoutCodeCache } from '../../../sw/script-response.ts';
import { notificationLink } from '../../../contract/notification-kinds.ts';
import { NotificacaoSignalSchema } from '../../../contract/schemas/signals.ts';
import { samplesOf } from '../helpers/schema-samples.ts';
import { INSTALL_QUIET_MS, installOffered } from '../../../src/app/install-prompt.ts';

const BASE = 'https://fichas.example/sw.js';

describe('splitManifest', () => {
  it('precaches the shell and leaves what is marked lazy to be cached on use, by absolute URL', () => {
    const { shell, lazy } = splitManifest(
      [
        { url: 'index.html', revision: 'abc' },
        { url: 'assets/index-1.js', revision: null },
        { url: 'assets/Faq-2.js', revision: null, lazy: true },
        { url: 'credits.json', revision: 'def', lazy: true },
        'favicon.svg',
      ],
      BASE,
    );
    expect(shell).toEqual([
      { url: 'index.html', revision: 'abc' },
      { url: 'assets/index-1.js', revision: null },
      { url: 'favicon.svg', revision: null },
    ]);
    expect(lazy).toEqual([
      { url: 'https://fichas.example/assets/Faq-2.js', revision: null },
      { url: 'https://fichas.example/credits.json', revision: 'def' },
    ]);
  });
});

describe('splitManifest with offline packs', () => {
  it('lists the packs apart, and each lazy file with the pack that holds it', () => {
    const { shell, lazy, packs } = splitManifest(
      [
        { url: 'index.html', revision: 'abc' },
        { url: 'assets/Faq-2.js', revision: null, lazy: true, in: 1 },
        { url: 'icons/fichas-192.png', revision: 'i', lazy: true },
        { url: 'assets/offline-pack-1-ff.json', revision: null, lazy: true, pack: 1 },
      ],
      BASE,
    );
    expect(shell).toEqual([{ url: 'index.html', revision: 'abc' }]);
    expect(lazy).toEqual([
      { url: 'https://fichas.example/assets/Faq-2.js', revision: null, pack: 1 },
      { url: 'https://fichas.example/icons/fichas-192.png', revision: 'i' },
    ]);
    expect(packs).toEqual([{ url: 'https://fichas.example/assets/offline-pack-1-ff.json', index: 1 }]);
  });
});

describe('packFiles', () => {
  it('reads a pack as the build writes it', () => {
    expect(packFiles({ files: [['/assets/Faq-2.js', 'text/javascript; charset=utf-8', 'export {};']] })).toEqual([
      { path: '/assets/Faq-2.js', type: 'text/javascript; charset=utf-8', text: 'export {};' },
    ]);
  });
  it('refuses a pack of any other shape as a whole (the worker then fetches the files one by one)', () => {
    for (const body of [null, {}, { files: 'x' }, { files: [['/a.js', 'text/javascript']] }, { files: [['/a.js', 'text/javascript', 3]] }, { files: [{}] }]) {
      expect(packFiles(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('loadedLazyUrls', () => {
  const lazy = new Set(['https://fichas.example/assets/Faq-2.js', 'https://fichas.example/icons/fichas-192.png']);
  it('keeps only the lazy files among what a page loaded, once each', () => {
    const urls = ['https://fichas.example/assets/Faq-2.js', 'https://fichas.example/assets/Faq-2.js#x', 'https://fichas.example/api/estado', 'https://fichas.example/icons/fichas-192.png', 3];
    expect(loadedLazyUrls(urls, lazy)).toEqual(['https://fichas.example/assets/Faq-2.js', 'https://fichas.example/icons/fichas-192.png']);
  });
  it('ignores a message that is not a list', () => {
    expect(loadedLazyUrls('https://fichas.example/assets/Faq-2.js', lazy)).toEqual([]);
  });
});

describe('linkableSignal', () => {
  it('reads from every notification signal the contract allows what the page would read from it (generated from the schema)', () => {
    let valid = 0;
    for (const notificacao of samplesOf(NotificacaoSignalSchema)) {
      const parsed = NotificacaoSignalSchema.safeParse(notificacao);
      if (!parsed.success) continue;
      valid += 1;
      const { tipo, recurso, pagamentoId, sender } = parsed.data;
      expect(linkableSignal({ notificacao }), JSON.stringify(notificacao)).toEqual({
        tipo,
        recurso: recurso ? { tipo: recurso.tipo, id: recurso.id } : null,
        pagamentoId,
        sender: sender ? { nomeUsuario: sender.nomeUsuario } : null,
      });
    }
    expect(valid).toBeGreaterThan(5);
  });

  it('reads what a tap needs from a notification signal, and the link is the one the app would open', () => {
    const sinal = { notificacao: { id: 'n1', tipo: 'fichaSelecao', mensagem: 'x', pagamentoId: null, sender: null, counter: null, createdAt: '', recurso: { tipo: 'ficha', id: 's 1' } } };
    const linkable = linkableSignal(sinal);
    expect(linkable).toEqual({ tipo: 'fichaSelecao', recurso: { tipo: 'ficha', id: 's 1' }, pagamentoId: null, sender: null });
    expect(linkable && notificationLink(linkable)).toBe('/dashboard/fichas/s%201');
  });
  it('reads a follower from its sender', () => {
    const linkable = linkableSignal({ notificacao: { tipo: 'novoSeguidor', sender: { id: '1', nome: 'Ana', nomeUsuario: 'ana' } } });
    expect(linkable && notificationLink(linkable)).toBe('/ana');
  });
  it('is null for a message signal or anything malformed', () => {
    expect(linkableSignal({ mensagem: { id: 'm' } })).toBeNull();
    expect(linkableSignal({ notificacao: { tipo: 3 } })).toBeNull();
    expect(linkableSignal(null)).toBeNull();
    expect(linkableSignal({ notificacao: [] })).toBeNull();
  });
  it('drops fields of the wrong type instead of trusting them', () => {
    expect(linkableSignal({ notificacao: { tipo: 'ficha', recurso: { tipo: 'ficha', id: 7 }, pagamentoId: 9, sender: { nomeUsuario: null } } })).toEqual({
      tipo: 'ficha',
      recurso: null,
      pagamentoId: null,
      sender: null,
    });
  });
});

describe('installOffered', () => {
  const now = 1_800_000_000_000;
  it('offers only when the browser does and the app is not installed', () => {
    expect(installOffered({ browserOffers: true, installed: false, dismissedAt: null, now })).toBe(true);
    expect(installOffered({ browserOffers: false, installed: false, dismissedAt: null, now })).toBe(false);
    expect(installOffered({ browserOffers: true, installed: true, dismissedAt: null, now })).toBe(false);
  });
  it('stays away for a week after a no, then offers again', () => {
    expect(installOffered({ browserOffers: true, installed: false, dismissedAt: now - INSTALL_QUIET_MS + 1, now })).toBe(false);
    expect(installOffered({ browserOffers: true, installed: false, dismissedAt: now - INSTALL_QUIET_MS, now })).toBe(true);
  });
});

describe('withoutCodeCache', () => {
  it('hands a cached script over as a new response with the same status, headers and body', async () => {
    const cached = new Response('export const x = 1;', { status: 200, statusText: 'OK', headers: { 'content-type': 'text/javascript; charset=utf-8', etag: '"a"' } });
    const handed = withoutCodeCache(cached);
    expect(handed).not.toBe(cached);
    expect(handed?.status).toBe(200);
    expect(handed?.statusText).toBe('OK');
    expect(handed?.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(handed?.headers.get('etag')).toBe('"a"');
    expect(await handed?.text()).toBe('export const x = 1;');
  });
  it('returns anything that is not a script as it is, and no response as none', () => {
    const page = new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    expect(withoutCodeCache(page)).toBe(page);
    expect(withoutCodeCache(undefined)).toBeUndefined();
  });
});
