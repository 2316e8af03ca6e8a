/**
 * The main site's own comment app (DESIGN.md): its members are the site's accounts (their users.user_id is the app's
 * external id). Defined here once; app.ts hands it to the comment service with the main site's port.
 */
export const MAIN_APP_ID = 'guffaw';
