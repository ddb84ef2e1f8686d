import holds from '../../holds/locales/ru.json';
import memberships from '../../memberships/locales/ru.json';
import payment from '../../payment/locales/ru.json';
import queue from '../../queue/locales/ru.json';
import storefrontModes from '../../storefront-modes/locales/ru.json';
import vod from '../../vod/locales/ru.json';
import app from '../locales/ru.json';

/**
 * Russian, one chunk fetched when a visitor reads in it (i18n/index.ts): the app's strings and those of the feature
 * modules that travel in the app's shared chunk, which register only their Hebrew ones (all four languages there were
 * evaluated on every page's first load, docs/testing.md).
 */
export default [app, holds, memberships, payment, queue, storefrontModes, vod];
