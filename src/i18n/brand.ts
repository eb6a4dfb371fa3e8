import { brandForHost, showsRewards, type Brand } from '../../contract/brands.ts';

/** The brand and locale of this page, fixed for the page's lifetime (the host does not change). */
export const brand: Brand = brandForHost(location.host);
export const rewardsVisible = showsRewards(location.host);
