import { i18n } from '@lingui/core';
import { messages as ptMessages } from '../../../locales/pt/faq.po';
import { messages as enMessages } from '../../../locales/en/faq.po';

// The FAQ and credits pages' messages (lingui.config.ts): merged into the catalogs when their chunk loads, so their
// long texts stay out of the entry. Imported for its effect by both routes, before their components render.
i18n.load({ pt: ptMessages, en: enMessages });
