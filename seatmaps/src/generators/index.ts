export { generateCinema, CINEMA_LAYOUT } from './cinema';
export { generateTheatre, THEATRE_LAYOUT } from './theatre';
export { generateArena, ARENA_LAYOUT } from './arena';
export { generateStadium, STADIUM_LAYOUT, STADIUM_SEATS } from './stadium';
