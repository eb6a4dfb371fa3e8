// Icons of the betting screens (bet states, slip actions, trends). Decorative: the text next to each says what it is.

export type BetIconName =
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
  | 'check';

const PATHS: Record<BetIconName, string> = {
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
};

export function BetIcon({ name, size = 18 }: { name: BetIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="bet-icon"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
