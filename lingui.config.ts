import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Two catalogs: `messages` is bundled with the entry (shell, auth, menus); `betting` rides with the lazy betting
// chunks (Explore, event page, slip builder, my slips) and is merged in when they load (src/i18n/betting-catalog.ts),
// so the entry route's JavaScript stays within its budget (DESIGN §10) as the betting screens grow.
const BETTING = [
  '<rootDir>/src/components/betting',
  '<rootDir>/src/components/explore',
  '<rootDir>/src/components/events',
  '<rootDir>/src/routes/Explore.tsx',
  '<rootDir>/src/routes/EventPage.tsx',
  '<rootDir>/src/routes/MySlips.tsx',
  '<rootDir>/src/routes/SlipPage.tsx',
  '<rootDir>/src/routes/PublicSlip.tsx',
];
// The screens a visit seldom starts on, and the parts of the first screens that show only on a tap or later (a refused
// slip, the share dialog, the chat toasts, the subscription notice; not the outbox list, which a phone that has just
// lost its connection opens before anything lazy may be cached): their messages are the `later`
// catalog, loaded when one of them is about to render (src/i18n/later-catalog.ts), so the catalog loaded at start holds
// little more than the shell's and the first screens' texts (DESIGN §10). The build fails if a module whose messages are
// here is reachable from the entry without waiting for this catalog (scripts/catalog-preload.ts).
export const LATER = [
  '<rootDir>/src/components/chat',
  '<rootDir>/src/components/comments',
  '<rootDir>/src/components/groups',
  '<rootDir>/src/components/licence',
  // Not EventUpdateForm: the event page (a first screen) shows it to a moderator.
  '<rootDir>/src/components/moderation/ReportButton.tsx',
  '<rootDir>/src/components/moderation/ReportCard.tsx',
  '<rootDir>/src/components/moderation/RequireModerator.tsx',
  '<rootDir>/src/components/notifications',
  '<rootDir>/src/components/profile',
  '<rootDir>/src/components/rewards',
  '<rootDir>/src/components/rooms',
  '<rootDir>/src/components/settings',
  '<rootDir>/src/components/slip-import',
  '<rootDir>/src/components/stale',
  '<rootDir>/src/components/share/ShareDialog.tsx',
  '<rootDir>/src/components/share/ShareOutside.tsx',
  '<rootDir>/src/components/share/SharedSlipCard.tsx',
  '<rootDir>/src/components/outbox/RefusedChange.tsx',
  ...['SlipImport', 'Conversations', 'DirectChat', 'Settings', 'Licence', 'Groups', 'GroupCreate', 'GroupChat', 'Rooms', 'RoomChat', 'Profile'].map(
    (name) => `<rootDir>/src/routes/${name}.tsx`,
  ),
  ...['Notifications', 'Rewards', 'ModeratorNotifications', 'ModeratorConversations', 'ModeratorConversation', 'ModeratorGroup'].map(
    (name) => `<rootDir>/src/routes/${name}.tsx`,
  ),
];
// The FAQ and credits pages' long texts ride with their own lazy chunk in the same way (src/components/faq/faq-catalog.ts).
export const FAQ = ['<rootDir>/src/components/faq', '<rootDir>/src/routes/Faq.tsx', '<rootDir>/src/routes/Credits.tsx'];

export default defineConfig({
  sourceLocale: 'pt',
  locales: ['pt', 'en'],
  fallbackLocales: { default: 'pt' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: [...BETTING, ...FAQ, ...LATER] },
    { path: '<rootDir>/locales/{locale}/later', include: LATER },
    { path: '<rootDir>/locales/{locale}/betting', include: BETTING },
    { path: '<rootDir>/locales/{locale}/faq', include: FAQ },
  ],
  format: formatter({ lineNumbers: false }),
});
