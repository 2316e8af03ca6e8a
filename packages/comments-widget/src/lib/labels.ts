import type { SortType } from '@guffaw/comments-client';
import { createTranslate, type Translate } from '../i18n/translate.js';

/** Sort tab labels. */
export const sortLabels = (isForum: boolean, t: Translate = createTranslate('en')): Record<SortType, string> =>
  ({ hot: t(isForum ? 'sortTop' : 'sortHot'), new: t('sortNew'), old: t('sortOld') });

export const SORT_ORDER: readonly SortType[] = ['hot', 'new', 'old'];

/** 'Answer' on forum posts, else 'Comment'; plural unless the count is exactly 1. */
export const commentNoun = (count: number, isForum: boolean): string =>
  `${isForum ? 'answer' : 'comment'}${count === 1 ? '' : 's'}`;

/**
 * Abbreviated counts in the reader's language (Intl compact notation, cut rather than rounded): 999, 1.2K, 12K, 1.5M
 * in English; one decimal only below 10 of a unit.
 */
export const abbreviate = (count: number, locale = 'en'): string =>
  new Intl.NumberFormat(locale, count < 1000 ? {} : {
    notation: 'compact', roundingMode: 'trunc', maximumFractionDigits: String(Math.floor(count)).length % 3 === 1 ? 1 : 0,
  }).format(count);
