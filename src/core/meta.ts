// Kept equal to package.json's version by a test.
export const ACTION_NAME = 'listing-auto-deploy';
export const ACTION_VERSION = '1.0.0';
export const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`;
