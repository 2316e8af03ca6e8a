import { beforeAll } from 'vitest';
import { loadParts } from '../components/lazy-parts.js';

// Menus and dialogs are a chunk loaded on first use (components/lazy-parts.tsx): the tests drive them as a reader
// whose chunk is in. components/lazy-parts.test.tsx covers the loading itself, with fresh modules.
beforeAll(() => loadParts());
