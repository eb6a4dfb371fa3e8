import { brandForHost, showsRewards, type Brand } from '../../contract/brands.ts';

// Outside a browser (the build prerendering the landing page, app/landing-markup.tsx) there is no host: the default brand.
const host = typeof location === 'undefined' ? '' : location.host;

/** The brand and locale of this page, fixed for the page's lifetime (the host does not change). */
export const brand: Brand = brandForHost(host);
export const rewardsVisible = showsRewards(host);
