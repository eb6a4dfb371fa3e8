import { i18n } from '@lingui/core';
import { messages as ptMessages } from '../../locales/pt/betting.po';
import { messages as enMessages } from '../../locales/en/betting.po';

// The betting screens' messages (lingui.config.ts): merged into the catalogs when a betting chunk loads. Imported
// for its effect by each betting route and by the slip builder, before any of their components render.
i18n.load({ pt: ptMessages, en: enMessages });
