/** The botcheck context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The port other contexts ask, its ALTCHA implementation (the waiting room builds its own) and the challenge type.
export { BotCheck } from './bot-check.port';
export { AltchaBotCheck } from './altcha-bot-check';
// The waiting room's join binds its proof in its own script (queue/lua/join.lua.ts), one round trip per join.
export { ALTCHA_BIND_LUA_FUNCTION } from './altcha-binding.lua';
export type { AltchaChallenge } from './altcha-lib';
// The route guard that demands a solved challenge, and the helper that reads the presentation id it is scaled by.
export { RequireBotCheck, idFrom } from './bot-check.guard';
