import { describe, expect, it } from 'vitest';
import { arrivalTrackerFor, createArrivalTracker, isShowing, type Arrival } from '../../../src/state/attention.ts';

const OPENED = Date.parse('2026-11-24T10:00:00.000Z');

function arrival(id: string, createdAt: string, kind: Arrival['kind'] = 'conversa'): Arrival {
  return {
    id,
    kind,
    createdAt,
    from: 'Bruno',
    text: 'Olá',
    hasImage: false,
    sharedSlip: false,
    href: '/dashboard/comunidade/conversas/bruno',
    counter: 'newMessage',
  };
}

describe('live attention: what is new', () => {
  it('takes what the phone had when the app opened as known, and tells each later arrival once', () => {
    const track = createArrivalTracker(OPENED);
    const old = [arrival('m1', '2026-11-24T09:00:00.000Z'), arrival('m2', '2026-11-24T09:30:00.000Z')];
    expect(track(old)).toEqual([]);
    const next = arrival('m3', '2026-11-24T10:01:00.000Z');
    expect(track([next, ...old])).toEqual([next]);
    expect(track([next, ...old])).toEqual([]);
  });

  it('tells a message that landed while the store was first read (newer than the app opening)', () => {
    const track = createArrivalTracker(OPENED);
    const landed = arrival('m4', '2026-11-24T10:00:02.000Z');
    expect(track([landed, arrival('m1', '2026-11-24T09:00:00.000Z')])).toEqual([landed]);
  });

  it('does not tell older messages a chat pulls later (scrolling back, a refresh)', () => {
    const track = createArrivalTracker(OPENED);
    track([arrival('m2', '2026-11-24T09:30:00.000Z')]);
    expect(track([arrival('m2', '2026-11-24T09:30:00.000Z'), arrival('m0', '2026-11-20T09:30:00.000Z')])).toEqual([]);
  });

  it('with an empty store at start, tells only what came in the last minutes', () => {
    const track = createArrivalTracker(OPENED);
    track([]);
    const recent = arrival('m5', '2026-11-24T09:58:00.000Z');
    expect(track([recent, arrival('m6', '2026-11-23T09:00:00.000Z')])).toEqual([recent]);
  });

  it('does not tell what a later piece of the store brings from before the app opened (a sign-in filling it)', () => {
    const track = createArrivalTracker(OPENED);
    // Messages came first, days old; notifications from hours ago land after: none of it is news.
    track([arrival('m0', '2026-11-20T09:30:00.000Z')]);
    const hoursOld = arrival('n1', '2026-11-24T06:47:00.000Z', 'notificacao');
    expect(track([hoursOld, arrival('m0', '2026-11-20T09:30:00.000Z')])).toEqual([]);
    const live = arrival('n2', '2026-11-24T10:00:30.000Z', 'notificacao');
    expect(track([live, hoursOld])).toEqual([live]);
  });

  it('orders several new arrivals oldest first', () => {
    const track = createArrivalTracker(OPENED);
    track([]);
    const first = arrival('a', '2026-11-24T10:01:00.000Z');
    const second = arrival('b', '2026-11-24T10:02:00.000Z', 'grupo');
    expect(track([second, first]).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keeps one tracker per user for the page’s life (a screen change mounts the shell again)', () => {
    expect(arrivalTrackerFor('u1')).toBe(arrivalTrackerFor('u1'));
    expect(arrivalTrackerFor('u2')).not.toBe(arrivalTrackerFor('u1'));
  });

  it('knows when the user is already on the chat', () => {
    const item = arrival('m1', '2026-11-24T10:01:00.000Z');
    expect(isShowing(item, '/dashboard/comunidade/conversas/bruno')).toBe(true);
    expect(isShowing(item, '/dashboard/comunidade/conversas/Bruno')).toBe(true);
    expect(isShowing(item, '/explorar')).toBe(false);
  });

  it('counts a notification as shown on the notifications page', () => {
    const note = { ...arrival('n1', '2026-11-24T10:01:00.000Z', 'notificacao'), href: '/bruno' };
    expect(isShowing(note, '/dashboard/notifications')).toBe(true);
    expect(isShowing(note, '/moderador/notifications/')).toBe(true);
    expect(isShowing(note, '/bruno')).toBe(true);
    expect(isShowing(note, '/explorar')).toBe(false);
    // A message is not shown there.
    expect(isShowing(arrival('m1', '2026-11-24T10:01:00.000Z'), '/dashboard/notifications')).toBe(false);
  });
});
