import type { en } from './en.js';
import type { enModeration } from './en-moderation.js';
import type { enParts } from './en-parts.js';

/** The shape of the widget's texts: the keys, a text or its plural forms, a catalogue, and `t`. */
export type MessageKey = keyof typeof en | keyof typeof enParts | keyof typeof enModeration;
/** A text, or its plural forms by Intl.PluralRules category, chosen by the `count` value. */
export type Message = string | ({ other: string } & { [form in Intl.LDMLPluralRule]?: string });
/** Texts by key: a language's catalogue, or a host's overrides (the `messages` prop). */
export type Messages = { [key in MessageKey]?: Message };
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
