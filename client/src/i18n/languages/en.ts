import holds from '../../holds/locales/en.json';
import memberships from '../../memberships/locales/en.json';
import payment from '../../payment/locales/en.json';
import queue from '../../queue/locales/en.json';
import storefrontModes from '../../storefront-modes/locales/en.json';
import vod from '../../vod/locales/en.json';
import app from '../locales/en.json';

/**
 * English, one chunk fetched when a visitor reads in it (i18n/index.ts): the app's strings and those of the feature
 * modules that travel in the app's shared chunk, which register only their Hebrew ones (all four languages there were
 * evaluated on every page's first load, docs/testing.md).
 */
export default [app, holds, memberships, payment, queue, storefrontModes, vod];
