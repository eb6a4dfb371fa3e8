import type { MenuIcon } from './shell/menu-items.ts';

/** Every icon the app draws: the shell's, then the betting screens' (bet states, slip actions, trends). */
export type IconName =
  | MenuIcon
  | 'menu'
  | 'close'
  | 'slip'
  | 'logout'
  | 'offline'
  | 'login'
  | 'pending'
  | 'blocked'
  | 'failed'
  | 'won'
  | 'void'
  | 'trash'
  | 'up'
  | 'down'
  | 'plus'
  | 'copy'
  | 'eye'
  | 'eye-off'
  | 'bookmark'
  | 'wand'
  | 'tv'
  | 'cloud'
  | 'warning'
  | 'user'
  | 'check'
  | 'search';

const PATHS: Record<IconName, string> = {
  explore: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm3.5 6.5-2 5-5 2 2-5 5-2Z',
  subscription: 'M3 6h18v12H3V6Zm0 4h18M7 15h4',
  slips: 'M6 3h9l3 3v15H6V3Zm3 6h6M9 13h6M9 17h4',
  community: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2 20c0-3 3-5 6-5s6 2 6 5m0-4.6c.6-.3 1.3-.4 2-.4 3 0 6 2 6 5',
  notifications: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4h4',
  rewards: 'M4 10h16v10H4V10Zm-1-4h18v4H3V6Zm9 0v14M12 6c-2-4-6-3-5 0m5 0c2-4 6-3 5 0',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.5a7.5 7.5 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2.2 1.3l.4 2.5h4l.4-2.5a7.5 7.5 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.3Z',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M6 6l12 12M18 6 6 18',
  slip: 'M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2V3Zm4 5h6m-6 4h6',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h11',
  offline: 'M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0m-11 3.5a5 5 0 0 1 8 0M12 20h0M3 3l18 18',
  login: 'M9 4H5v16h4m5-12 4 4-4 4m4-4H8',
  pending: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2',
  blocked: 'M6 11h12v9H6v-9Zm2 0V8a4 4 0 0 1 8 0v3',
  failed: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-3 6 6 6m0-6-6 6',
  won: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-4 9 3 3 5-6',
  void: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM6 18 18 6',
  trash: 'M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13',
  up: 'M12 19V5m-6 6 6-6 6 6',
  down: 'M12 5v14m-6-6 6 6 6-6',
  plus: 'M12 5v14M5 12h14',
  copy: 'M8 8h11v12H8V8Zm-3 8V4h11',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  'eye-off': 'M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6 0 10 6 10 6a17 17 0 0 1-3 3.6M6.4 6.9A17 17 0 0 0 2 12s4 7 10 7a9.6 9.6 0 0 0 4.3-1',
  bookmark: 'M6 3h12v18l-6-4-6 4V3Z',
  wand: 'M4 20 15 9m2-5 1 2 2 1-2 1-1 2-1-2-2-1 2-1 1-2ZM9 3l.7 1.3L11 5l-1.3.7L9 7l-.7-1.3L7 5l1.3-.7L9 3Z',
  tv: 'M3 6h18v12H3V6Zm6 15h6M12 18v3M10 9l5 3-5 3V9Z',
  cloud: 'M7 18a4 4 0 0 1-.6-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7Zm5-7v5m-2-2 2 2 2-2',
  warning: 'M12 3 2 20h20L12 3Zm0 6v5m0 3v.5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9c0-4 4-6 8-6s8 2 8 6',
  check: 'M5 12l5 5 9-10',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm5 12 4 4',
};

/**
 * Decorative: the text next to each icon says what it is. `inline` is the betting screens' look, an icon set in a line
 * of text: smaller by default, a heavier stroke, and never squeezed by its flex row.
 */
export function Icon({ name, size, inline = false }: { name: IconName; size?: number; inline?: boolean }) {
  const side = size ?? (inline ? 18 : 22);
  return (
    <svg
      width={side}
      height={side}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={inline ? 2 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={inline ? 'bet-icon' : undefined}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
