import holds from '../../holds/locales/ar.json';
import memberships from '../../memberships/locales/ar.json';
import payment from '../../payment/locales/ar.json';
import queue from '../../queue/locales/ar.json';
import storefrontModes from '../../storefront-modes/locales/ar.json';
import vod from '../../vod/locales/ar.json';
import app from '../locales/ar.json';

/**
 * Arabic, one chunk fetched when a visitor reads in it (i18n/index.ts): the app's strings and those of the feature
 * modules that travel in the app's shared chunk, which register only their Hebrew ones (all four languages there were
 * evaluated on every page's first load, docs/testing.md).
 */
export default [app, holds, memberships, payment, queue, storefrontModes, vod];
